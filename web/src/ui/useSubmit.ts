import { useCallback, useState } from 'react';
import { useMutation, type AnyVariables, type DocumentInput } from 'urql';
import { errorMessage } from '../api/client';

/**
 * A mutation a form or dialog submits: `busy` while it runs, and `problem`, the server's refusal in
 * its own words, until the next attempt. `submit` resolves to the data, or to undefined when refused.
 */
export function useSubmit<Data, Variables extends AnyVariables>(document: DocumentInput<Data, Variables>) {
  const [{ fetching }, execute] = useMutation<Data, Variables>(document);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = useCallback(
    async (variables: Variables): Promise<Data | undefined> => {
      setProblem(null);
      const result = await execute(variables);
      if (result.error) {
        setProblem(errorMessage(result.error));
        return undefined;
      }
      return result.data;
    },
    [execute],
  );
  return { busy: fetching, problem, setProblem, submit };
}
