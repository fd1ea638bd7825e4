import { useQuery, type AnyVariables, type UseQueryArgs, type UseQueryState } from 'urql';

/** `useQuery`, and a `reload` that asks the server again (after a change, or "Try again"), not the cache. */
export function useReloadableQuery<Data, Variables extends AnyVariables>(args: UseQueryArgs<Variables, Data>): [UseQueryState<Data, Variables>, () => void] {
  const [result, refetch] = useQuery(args);
  return [result, () => refetch({ requestPolicy: 'network-only' })];
}
