import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { ClientSession, MongoClient } from 'mongodb';
import type { Connection } from 'mongoose';
import { AsyncLocalStorage } from 'node:async_hooks';

/** The session of the transaction the current call runs in (set by `Transactions.run`). */
const transactionSessions = new AsyncLocalStorage<ClientSession>();

/** Work to run once the transaction of a session has committed (`afterCommit`). */
const committedWork = new WeakMap<ClientSession, Array<() => void>>();

/**
 * Runs `work` once the current transaction has committed (never if it aborts), or at once outside
 * a transaction: for what must see committed state or must not happen for a rolled-back change
 * (in-process observers).
 */
export function afterCommit(work: () => void): void {
  const session = currentSession();
  const queue = session && committedWork.get(session);
  if (queue) queue.push(work);
  else work();
}

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
      const result = await session.withTransaction(() => {
        // A retried attempt starts afresh: what an aborted attempt queued never runs.
        committedWork.set(session, []);
        return transactionSessions.run(session, work);
      });
      const queue = committedWork.get(session) ?? [];
      committedWork.delete(session);
      for (const next of queue) next();
      return result;
    } finally {
      await session.endSession();
    }
  }
}
