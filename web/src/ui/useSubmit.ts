import { useCallback, useState } from 'react';
import { useMutation, type AnyVariables, type DocumentInput, type OperationContext } from 'urql';
import { errorMessage } from '../api/client';

/**
 * A mutation a form or dialog submits: `busy` while it runs, and `problem`, the server's refusal in
 * its own words, until the next attempt. `submit` resolves to the data, or to undefined when refused.
 * `context` is urql's, e.g. `additionalTypenames` for a mutation whose answer does not name the
 * types it changes, so the cached queries of those types are read again.
 */
export function useSubmit<Data, Variables extends AnyVariables>(document: DocumentInput<Data, Variables>, context?: Partial<OperationContext>) {
  const [{ fetching }, execute] = useMutation<Data, Variables>(document);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = useCallback(
    async (variables: Variables): Promise<Data | undefined> => {
      setProblem(null);
      const result = await execute(variables, context);
      if (result.error) {
        setProblem(errorMessage(result.error));
        return undefined;
      }
      return result.data;
    },
    [execute, context],
  );
  return { busy: fetching, problem, setProblem, submit };
}
