export const DATABASE_INFO = Symbol('DATABASE_INFO');

/** The database this process talks to, as `openDatabase` opened it. */
export interface DatabaseInfo {
  uri: string;
  /** The embedded database, started by this process or by the test kit (not a MONGODB_URI). */
  embedded: boolean;
  /**
   * The embedded database this process started: a reader of a collection's write counter, whose
   * readings differ once any client has changed the collection. Where it exists, a `next-read`
   * cache is exact (`Repository.cache`).
   */
  writeVersion?: (collection: string) => () => number;
}
