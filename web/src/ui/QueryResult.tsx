import type { MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';
import type { CombinedError } from 'urql';
import { LoadFailed } from './LoadFailed';
import { PageLoader } from './PageLoader';

/**
 * What a query shows while it has nothing to show: the loading state until the first answer, the
 * error state (the server's words and "Try again") if that answer failed; then `children` with the
 * data, which stays on screen while it is read again.
 */
/** What `QueryResult` reads of a query's state (urql's `UseQueryState`). */
export interface QueryStatus<Data> {
  data?: Data;
  fetching: boolean;
  error?: CombinedError;
}

export function QueryResult<Data>({
  result,
  loading,
  failed,
  onRetry,
  m,
  children,
}: {
  result: QueryStatus<Data>;
  /** The loading state's name, e.g. "Loading webhooks". */
  loading: string;
  /** The error state's title, e.g. "Could not load your webhooks". */
  failed: string;
  onRetry: () => void;
  /** The error state's margin inside a flush card. */
  m?: MantineSpacing;
  children: (data: Data) => ReactNode;
}) {
  if (result.fetching && !result.data) return <PageLoader label={loading} />;
  if (result.error && !result.data) return <LoadFailed title={failed} error={result.error} onRetry={onRetry} m={m} />;
  return result.data ? children(result.data) : null;
}
