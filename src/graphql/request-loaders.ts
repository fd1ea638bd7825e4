import DataLoader from 'dataloader';

/** Where one request keeps its DataLoaders (the GraphQL context's `loaders`). */
export interface HasLoaders {
  loaders: Map<string, DataLoader<unknown, unknown>>;
}

/**
 * The request's DataLoader for `key`, made on first use. Loaders live exactly one request: they
 * batch every `load` of one execution tick into one `batch` call (one database query for a whole
 * page of posts) and never serve one user's rows to another request.
 */
export function requestLoader<K, V>(context: HasLoaders, key: string, batch: (keys: readonly K[]) => Promise<V[]>): DataLoader<K, V> {
  let loader = context.loaders.get(key) as DataLoader<K, V> | undefined;
  if (!loader) {
    loader = new DataLoader<K, V>(batch, { maxBatchSize: 1_000 });
    context.loaders.set(key, loader as DataLoader<unknown, unknown>);
  }
  return loader;
}

/** Groups rows by a key, in row order, for a loader's answer (one list per requested key). */
export function groupedBy<T>(keys: readonly string[], rows: T[], keyOf: (row: T) => string): T[][] {
  const byKey = new Map<string, T[]>(keys.map((k) => [k, []]));
  for (const row of rows) byKey.get(keyOf(row))?.push(row);
  return keys.map((k) => byKey.get(k) ?? []);
}
