import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { ClientSession, MongoClient } from 'mongodb';
import type { Connection } from 'mongoose';
import { AsyncLocalStorage } from 'node:async_hooks';

/** The session of the transaction the current call runs in (set by `Transactions.run`). */
const transactionSessions = new AsyncLocalStorage<ClientSession>();

/** The session every repository operation of the current call joins, if it runs in a transaction. */
export function currentSession(): ClientSession | undefined {
  return transactionSessions.getStore();
}

/** Runs `work` outside the caller's transaction: it reads and writes the latest committed state. */
export function outsideTransaction<T>(work: () => T): T {
  return transactionSessions.exit(work);
}

/**
 * The one transaction runner. `work` runs in a multi-document transaction that the driver retries
 * on transient errors, so it must be safe to run again; every repository operation inside it
 * (across modules) joins the transaction through `currentSession()`, so repositories and services
 * take no session parameter. A `run` inside another joins the outer transaction. Do not start
 * background work from inside `work`: it would inherit the transaction's session after the
 * transaction has ended.
 */
@Injectable()
export class Transactions {
  private readonly client: MongoClient;

  constructor(@InjectConnection() connection: Connection) {
    this.client = connection.getClient();
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (currentSession()) return work();
    const session = this.client.startSession();
    try {
      return await session.withTransaction(() => transactionSessions.run(session, work));
    } finally {
      await session.endSession();
    }
  }
}
