import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model, Types } from 'mongoose';
import { DATABASE_INFO, type DatabaseInfo } from '../database/database-info';
import { Repository, type CachedReads, type Filter } from '../database/repository';
import { Webhook } from './schemas/webhook.schema';

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

const successUpdate = (at: Date) => ({ $set: { failureCount: 0, lastTriggeredAt: at } });

const WITHOUT_SECRET = { secretEncrypted: 0 } as const;
/** How long a cached list of subscriptions is kept without reading it again (the cache is exact: docs/deployment.md). */
export const SUBSCRIPTIONS_CACHE_MS = 5_000;

/** The only code touching the webhooks collection; every query carries the owning userId. Malformed ids match nothing. */
@Injectable()
export class WebhooksRepository extends Repository<LeanWebhook> {
  /** Each user's active webhooks and their events, read for every post event (the publisher's outbox write). */
  private readonly subscriptions: CachedReads<Array<{ id: string; events: string[] }>>;

  constructor(@InjectModel(Webhook.name) model: Model<Webhook>, @Inject(DATABASE_INFO) database: DatabaseInfo) {
    super(model, database);
    this.subscriptions = this.cache({ consistency: 'next-read', ttlMs: SUBSCRIPTIONS_CACHE_MS, max: 10_000 });
  }

  /** One webhook of the user; null for a malformed id. */
  private owned(userId: string, id: string): Filter | null {
    const _id = this.parseId(id);
    return _id ? { _id, userId: this.oid(userId) } : null;
  }

  async listByUser(userId: string): Promise<WebhookRecord[]> {
    return (await this.find({ userId: this.oid(userId) }, { projection: WITHOUT_SECRET })).map(toRecord);
  }

  countByUser(userId: string): Promise<number> {
    return this.count({ userId: this.oid(userId) });
  }

  async create(userId: string, data: { name: string; url: string; events: string[]; secretEncrypted: string }): Promise<WebhookRecord> {
    return toRecord(await this.insertOne({ userId: this.oid(userId), ...data, isActive: true, failureCount: 0 }));
  }

  async findOwned(userId: string, id: string): Promise<WebhookRecord | null> {
    const filter = this.owned(userId, id);
    const doc = filter ? await this.findOne(filter, { projection: WITHOUT_SECRET }) : null;
    return doc ? toRecord(doc) : null;
  }

  /** The record plus the secret ciphertext, for signing a delivery. */
  async findForDelivery(userId: string, id: string): Promise<DeliveryWebhook | null> {
    const filter = this.owned(userId, id);
    const doc = filter ? await this.findOne(filter) : null;
    return doc ? toDeliveryWebhook(doc) : null;
  }

  async update(userId: string, id: string, set: WebhookUpdate): Promise<WebhookRecord | null> {
    const filter = this.owned(userId, id);
    const doc = filter ? await this.findOneAndUpdate(filter, { $set: set }, { returnDocument: 'after', projection: WITHOUT_SECRET }) : null;
    return doc ? toRecord(doc) : null;
  }

  async setSecret(userId: string, id: string, secretEncrypted: string): Promise<boolean> {
    const filter = this.owned(userId, id);
    return !!filter && (await this.updateOne(filter, { $set: { secretEncrypted } })).matched > 0;
  }

  async delete(userId: string, id: string): Promise<boolean> {
    const filter = this.owned(userId, id);
    return !!filter && (await this.deleteOne(filter)) > 0;
  }

  /** Active webhooks of the user subscribed to the event (the latest committed webhooks, through the cache). */
  async findSubscribed(userId: string, event: string): Promise<string[]> {
    const active = await this.subscriptions.read(userId, async () => {
      const docs = await this.find<{ _id: Types.ObjectId; events?: string[] }>({ userId: this.oid(userId), isActive: true }, { projection: { events: 1 } });
      return docs.map((d) => ({ id: String(d._id), events: d.events ?? [] }));
    });
    return (active ?? []).filter((w) => w.events.includes(event)).map((w) => w.id);
  }

  /** A delivery succeeded: the consecutive failures start again from 0 and `lastTriggeredAt` is set. */
  async recordSuccess(userId: string, id: string, at: Date): Promise<void> {
    await this.updateOne({ _id: this.oid(id), userId: this.oid(userId) }, successUpdate(at));
  }

  /**
   * `recordSuccess`, and the webhook as that write left it in the same command (the worker's read
   * for its next batch: an edit or a disable made meanwhile applies); null when it is gone.
   */
  async recordSuccessAndRead(userId: string, id: string, at: Date): Promise<DeliveryWebhook | null> {
    const doc = await this.findOneAndUpdate({ _id: this.oid(id), userId: this.oid(userId) }, successUpdate(at), { returnDocument: 'after' });
    return doc ? toDeliveryWebhook(doc) : null;
  }

  /**
   * One more consecutive failure; disables the webhook when it reaches `limit`. Returns whether
   * this call disabled it (the conditional update makes that true for exactly one caller).
   */
  async recordFailure(userId: string, id: string, limit: number): Promise<{ failureCount: number; disabled: boolean }> {
    const filter = { _id: this.oid(id), userId: this.oid(userId) };
    const doc = await this.findOneAndUpdate<{ failureCount: number }>(
      filter,
      { $inc: { failureCount: 1 } },
      { returnDocument: 'after', projection: { failureCount: 1 } },
    );
    const failureCount = doc?.failureCount ?? 0;
    if (failureCount < limit) return { failureCount, disabled: false };
    const result = await this.updateOne({ ...filter, isActive: true, failureCount: { $gte: limit } }, { $set: { isActive: false } });
    return { failureCount, disabled: result.modified > 0 };
  }
}
