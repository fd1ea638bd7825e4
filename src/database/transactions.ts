import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { AsyncLocalStorage } from 'node:async_hooks';
import mongoose, { type ClientSession, type Connection } from 'mongoose';

// Mongoose hands the session of `connection.transaction()` to every model operation run inside
// it (through an AsyncLocalStorage), so repositories and services take no session parameter.
// Set before any connection opens: this file is imported by the database module.
mongoose.set('transactionAsyncLocalStorage', true);

const sessions = mongoose as unknown as { transactionAsyncLocalStorage?: AsyncLocalStorage<{ session?: ClientSession }> };

/**
 * The one transaction runner. `work` runs in a multi-document transaction that the driver retries
 * on transient errors, so it must be safe to run again; every Mongoose operation inside it (across
 * modules) joins the transaction. Do not start background work from inside `work`: it would
 * inherit the transaction's session after the transaction has ended.
 */
@Injectable()
export class Transactions {
  constructor(@InjectConnection() private readonly connection: Connection) {}

  run<T>(work: () => Promise<T>): Promise<T> {
    return this.connection.transaction(() => work());
  }

  /**
   * The session of the transaction the caller runs in, if any: what a repository's driver-level
   * call (`model.collection`, which Mongoose's storage does not reach) passes as `session`.
   */
  static current(): ClientSession | undefined {
    return sessions.transactionAsyncLocalStorage?.getStore()?.session;
  }
}
