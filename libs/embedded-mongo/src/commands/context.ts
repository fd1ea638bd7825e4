// What every command handler gets: the server state, the target database, the session and
// (inside a multi-document transaction) the transaction.
import { CursorManager } from '../cursors';
import { MongoError } from '../errors';
import { Collection } from '../storage/collection';
import { Engine } from '../storage/engine';
import { Doc } from '../bson/values';
import { validateWrite } from '../query/validation';
import { Session, SessionRegistry, Transaction } from '../transactions';

export interface ServerInfo {
  /** host:port as advertised in hello. */
  address: string;
  replSetName: string;
  startedAt: Date;
  electionId: unknown;
  topologyProcessId: unknown;
  /** Resolves after `ms` or when the server is stopping (hello long-polling). */
  sleep(ms: number): Promise<void>;
  connectionCount(): number;
  log(level: 'info' | 'warn' | 'error', msg: string): void;
}

export interface CommandContext {
  engine: Engine;
  cursors: CursorManager;
  sessions: SessionRegistry;
  server: ServerInfo;
  db: string;
  connectionId: number;
  remote: string;
  session?: Session;
  txn?: Transaction;
  /** The command's `bypassDocumentValidation: true`. */
  bypassDocumentValidation?: boolean;
}

export type Handler = (cmd: Doc, ctx: CommandContext) => Doc | Promise<Doc>;

/** The collection name a command targets (its first field's value), validated. */
export function collName(cmd: Doc, field?: string): string {
  const name = cmd[field ?? Object.keys(cmd)[0]];
  if (typeof name !== 'string' || !name) {
    throw new MongoError('InvalidNamespace', `collection name has invalid type ${name === null ? 'null' : typeof name}`);
  }
  return name;
}

/** The transaction's pending writes to a collection, if any. */
export function overlayFor(ctx: CommandContext, coll: Collection | undefined): Map<string, Doc | null> | undefined {
  return coll && ctx.txn ? ctx.engine.txnView(coll, ctx.txn) : undefined;
}

/** Checks a document about to be written against the collection's validator (see query/validation.ts). */
export function validateFor(ctx: CommandContext, coll: Collection, next: Doc, prev?: Doc): void {
  if (coll.options.validator === undefined) return;
  validateWrite(coll, next, prev, ctx.bypassDocumentValidation, (msg) => ctx.server.log('warn', msg));
}
