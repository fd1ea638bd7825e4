import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { Webhook } from './schemas/webhook.schema';
import { isObjectIdString } from '../database/object-id';
import { DATABASE_INFO, type DatabaseInfo } from '../database/database.module';
import { ProcessReadCache } from '../database/process-read-cache';
import { Transactions } from '../database/transactions';

/** A webhook as the service sees it, without the secret. */
export type WebhookRecord = Omit<Webhook, 'userId' | 'secretEncrypted' | 'lastTriggeredAt'> & {
  id: string;
  userId: string;
  lastTriggeredAt: Date | null;
  version: number;
};

export interface WebhookUpdate {
  name?: string;
  url?: string;
  events?: string[];
  isActive?: boolean;
  failureCount?: number;
}

type LeanWebhook = Omit<Webhook, 'userId'> & { _id: Types.ObjectId; userId: Types.ObjectId; __v?: number };

function toRecord(doc: LeanWebhook): WebhookRecord {
  return {
    id: String(doc._id),
    userId: String(doc.userId),
    name: doc.name ?? '',
    url: doc.url,
    events: doc.events ?? [],
    isActive: doc.isActive,
    failureCount: doc.failureCount ?? 0,
    lastTriggeredAt: doc.lastTriggeredAt ?? null,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
    version: doc.__v ?? 0,
  };
}

/** A webhook as the delivery worker needs it: the record and the secret's ciphertext. */
export type DeliveryWebhook = WebhookRecord & { secretEncrypted: string };

function toDeliveryWebhook(doc: LeanWebhook): DeliveryWebhook {
  return { ...toRecord(doc), secretEncrypted: doc.secretEncrypted };
}

const successUpdate = (at: Date) => ({ $set: { failureCount: 0, lastTriggeredAt: at, updatedAt: new Date() } });

const WITHOUT_SECRET = { secretEncrypted: 0 } as const;
/** How old a cached list of subscriptions may be (the backstop for writes by other clients). */
export const SUBSCRIPTIONS_CACHE_MS = 5_000;
const oid = (id: string) => new Types.ObjectId(id);
/** Malformed ids match nothing (the service answers 404 `Webhook not found`). */

/** The only code touching the webhooks collection; every query carries the owning userId. */
@Injectable()
export class WebhooksRepository {
  /**
   * Each user's active webhooks and their events, read for every post event (the publisher's
   * outbox write): on the embedded database only, emptied by every write here that changes them
   * (create, update, delete, disable after failures). A write by another client (mongosh) is seen
   * on the next read through the database's write counter (within SUBSCRIPTIONS_CACHE_MS where
   * the app did not start the database itself).
   */
  private readonly subscriptions: ProcessReadCache<Array<{ id: string; events: string[] }>>;

  constructor(
    @InjectModel(Webhook.name) private readonly model: Model<Webhook>,
    @Inject(DATABASE_INFO) database: DatabaseInfo,
  ) {
    this.subscriptions = new ProcessReadCache({
      enabled: database.embedded,
      ttlMs: SUBSCRIPTIONS_CACHE_MS,
      max: 10_000,
      version: database.writeVersion?.(model.collection.collectionName),
    });
  }

  async listByUser(userId: string): Promise<WebhookRecord[]> {
    const docs = await this.model.find({ userId: oid(userId) }, WITHOUT_SECRET).lean<LeanWebhook[]>();
    return docs.map(toRecord);
  }

  countByUser(userId: string): Promise<number> {
    return this.model.countDocuments({ userId: oid(userId) });
  }

  async create(userId: string, data: { name: string; url: string; events: string[]; secretEncrypted: string }): Promise<WebhookRecord> {
    const doc = await this.model.create({ userId: oid(userId), ...data, isActive: true, failureCount: 0 });
    this.subscriptions.invalidate(Transactions.current());
    return toRecord(doc.toObject() as unknown as LeanWebhook);
  }

  async findOwned(userId: string, id: string): Promise<WebhookRecord | null> {
    if (!isObjectIdString(id)) return null;
    const doc = await this.model.findOne({ _id: oid(id), userId: oid(userId) }, WITHOUT_SECRET).lean<LeanWebhook>();
    return doc ? toRecord(doc) : null;
  }

  /**
   * The record plus the secret ciphertext, for signing a delivery. This and `recordSuccess` are the
   * delivery worker's per-batch reads and writes: straight through the driver (docs/conventions.md).
   */
  async findForDelivery(userId: string, id: string): Promise<DeliveryWebhook | null> {
    const doc = await this.model.collection.findOne<LeanWebhook>({ _id: oid(id), userId: oid(userId) }, { session: Transactions.current() });
    return doc ? toDeliveryWebhook(doc) : null;
  }

  async update(userId: string, id: string, set: WebhookUpdate): Promise<WebhookRecord | null> {
    if (!isObjectIdString(id)) return null;
    const doc = await this.model
      .findOneAndUpdate({ _id: oid(id), userId: oid(userId) }, { $set: set }, { returnDocument: 'after', projection: WITHOUT_SECRET })
      .lean<LeanWebhook>();
    this.subscriptions.invalidate(Transactions.current());
    return doc ? toRecord(doc) : null;
  }

  async setSecret(userId: string, id: string, secretEncrypted: string): Promise<boolean> {
    if (!isObjectIdString(id)) return false;
    const result = await this.model.updateOne({ _id: oid(id), userId: oid(userId) }, { $set: { secretEncrypted } });
    return result.matchedCount > 0;
  }

  async delete(userId: string, id: string): Promise<boolean> {
    if (!isObjectIdString(id)) return false;
    const result = await this.model.deleteOne({ _id: oid(id), userId: oid(userId) });
    this.subscriptions.invalidate(Transactions.current());
    return result.deletedCount > 0;
  }

  /**
   * Active webhooks of the user subscribed to the event. Read outside the caller's transaction
   * (the latest committed webhooks, as the cache needs), through the cache on the embedded database.
   */
  async findSubscribed(userId: string, event: string): Promise<string[]> {
    const active = await this.subscriptions.read(userId, async () => {
      const docs = await this.model.collection
        .find<{ _id: Types.ObjectId; events?: string[] }>({ userId: oid(userId), isActive: true }, { projection: { events: 1 } })
        .toArray();
      return docs.map((d) => ({ id: String(d._id), events: d.events ?? [] }));
    });
    return (active ?? []).filter((w) => w.events.includes(event)).map((w) => w.id);
  }

  /** A delivery succeeded: the consecutive failures start again from 0 and `lastTriggeredAt` is set. */
  async recordSuccess(userId: string, id: string, at: Date): Promise<void> {
    await this.model.collection.updateOne({ _id: oid(id), userId: oid(userId) }, successUpdate(at), { session: Transactions.current() });
  }

  /**
   * `recordSuccess`, and the webhook as that write left it in the same command (the worker's read
   * for its next batch: an edit or a disable made meanwhile applies); null when it is gone.
   */
  async recordSuccessAndRead(userId: string, id: string, at: Date): Promise<DeliveryWebhook | null> {
    const doc = await this.model.collection.findOneAndUpdate({ _id: oid(id), userId: oid(userId) }, successUpdate(at), {
      returnDocument: 'after',
      session: Transactions.current(),
    });
    return doc ? toDeliveryWebhook(doc as LeanWebhook) : null;
  }

  /**
   * One more consecutive failure; disables the webhook when it reaches `limit`. Returns whether
   * this call disabled it (the conditional update makes that true for exactly one caller).
   */
  async recordFailure(userId: string, id: string, limit: number): Promise<{ failureCount: number; disabled: boolean }> {
    const doc = await this.model
      .findOneAndUpdate({ _id: oid(id), userId: oid(userId) }, { $inc: { failureCount: 1 } }, { returnDocument: 'after', projection: { failureCount: 1 } })
      .lean<{ failureCount: number }>();
    const failureCount = doc?.failureCount ?? 0;
    if (failureCount < limit) return { failureCount, disabled: false };
    const result = await this.model.updateOne(
      { _id: oid(id), userId: oid(userId), isActive: true, failureCount: { $gte: limit } },
      { $set: { isActive: false } },
    );
    if (result.modifiedCount > 0) this.subscriptions.invalidate(Transactions.current());
    return { failureCount, disabled: result.modifiedCount > 0 };
  }
}
