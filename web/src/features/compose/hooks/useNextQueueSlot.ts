import { useMemo } from 'react';
import { useQuery } from 'urql';
import { ComposeNextSlotDocument } from '../compose.documents';

/**
 * The first free queue slot the chosen accounts share (undefined while there are none to ask
 * about, or the answer is on its way; null when they share none). Asked afresh each time: the
 * last post added may have taken it.
 */
export function useNextQueueSlot(accounts: string[]) {
  const key = accounts.join(',');
  const variables = useMemo(() => ({ platformIds: key ? key.split(',') : [] }), [key]);
  const [{ data, fetching, error }] = useQuery({ query: ComposeNextSlotDocument, variables, pause: !key, requestPolicy: 'network-only' });
  const slot = !key || fetching || error || !data ? undefined : (data.nextQueueSlots[0] ?? null);
  return { slot, fetching: !!key && fetching, error: key ? error : undefined };
}
