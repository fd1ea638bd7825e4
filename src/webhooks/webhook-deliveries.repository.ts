import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { DeliveryAttempt, DeliveryStatus, WebhookDelivery } from './schemas/webhook-delivery.schema';
import { isObjectIdString } from '../database/object-id';

/** A delivery as the services see it: string ids, without the worker's lease. */
export type DeliveryRecord = Omit<WebhookDelivery, 'userId' | 'webhookId' | 'leaseToken'> & { id: string; userId: string; webhookId: string };

/** A delivery held by one worker: completion applies only with the claim's token. */
export interface ClaimedDelivery extends DeliveryRecord {
  leaseToken: string;
}

export interface NewDelivery {
  webhookId: string;
  event: string;
  payload: string;
}

type LeanDelivery = Omit<WebhookDelivery, 'userId' | 'webhookId'> & {
  _id: Types.ObjectId;
  userId: Types.ObjectId;
  webhookId: Types.ObjectId;
};

function toRecord(doc: LeanDelivery): DeliveryRecord {
  return {
    id: String(doc._id),
    userId: String(doc.userId),
    webhookId: String(doc.webhookId),
    event: doc.event,
    payload: doc.payload,
    status: doc.status,
    availableAt: doc.availableAt,
    attemptCount: doc.attemptCount ?? 0,
    attempts: doc.attempts ?? [],
    deliveredAt: doc.deliveredAt ?? null,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

const oid = (id: string) => new Types.ObjectId(id);

/**
 * The outbox collection. Every method is scoped by userId except `findDue`/`claim`: the delivery worker
 * serves all users by nature; what it claims carries its userId, and everything after the claim
 * is scoped again.
 */
@Injectable()
export class WebhookDeliveriesRepository {
  constructor(@InjectModel(WebhookDelivery.name) private readonly model: Model<WebhookDelivery>) {}

  /** Outbox rows, in the caller's transaction when there is one. */
  async insertMany(userId: string, rows: NewDelivery[], now: Date): Promise<void> {
    if (!rows.length) return;
    const docs = rows.map((r) => ({
      userId: oid(userId),
      webhookId: oid(r.webhookId),
      event: r.event,
      payload: r.payload,
      status: 'pending' as const,
      availableAt: now,
      leaseToken: null,
      attemptCount: 0,
      attempts: [],
    }));
    await this.model.insertMany(docs, {});
  }

  /** Deliveries waiting to be sent (due now or later), all users: the outbox depth. */
  countPending(): Promise<number> {
    return this.model.countDocuments({ status: 'pending' }).exec();
  }

  /**
   * Due pending deliveries (any user), oldest first, at most `perWebhook` per webhook and none of
   * `skipWebhookIds`: candidates only, each still has to be won with `claim`.
   */
  async findDue(now: Date, limit: number, skipWebhookIds: string[], perWebhook: number): Promise<string[]> {
    const filter: Record<string, unknown> = { status: 'pending', availableAt: { $lte: now } };
    if (skipWebhookIds.length) filter.webhookId = { $nin: skipWebhookIds.map(oid) };
    const docs = await this.model
      .find(filter, { _id: 1, webhookId: 1 })
      .sort({ availableAt: 1 })
      .limit(limit * 4)
      .lean<Array<{ _id: Types.ObjectId; webhookId: Types.ObjectId }>>();
    const taken = new Map<string, number>();
    const ids: string[] = [];
    for (const d of docs) {
      const w = String(d.webhookId);
      if ((taken.get(w) ?? 0) >= perWebhook) continue;
      taken.set(w, (taken.get(w) ?? 0) + 1);
      ids.push(String(d._id));
      if (ids.length >= limit) break;
    }
    return ids;
  }

  /**
   * Atomically takes one due pending delivery for `leaseMs`. Two workers can never hold the same
   * delivery: the filter requires `availableAt <= now` and the update moves it into the future,
   * so of concurrent claimers exactly one matches. Null when someone else won it.
   */
  async claim(id: string, now: Date, leaseMs: number, leaseToken: string): Promise<ClaimedDelivery | null> {
    const doc = await this.model
      .findOneAndUpdate(
        { _id: oid(id), status: 'pending', availableAt: { $lte: now } },
        { $set: { availableAt: new Date(now.getTime() + leaseMs), leaseToken } },
        { returnDocument: 'after' },
      )
      .lean<LeanDelivery>();
    return doc ? { ...toRecord(doc), leaseToken } : null;
  }

  /**
   * Up to `limit` of one webhook's due pending deliveries, oldest first, claimed together with one
   * token (three commands for the batch): a worker that just delivered to this receiver goes on
   * with its queue. Of concurrent claimers each delivery goes to exactly one (the update's filter
   * requires it to be still due and pending).
   */
  async claimBatchFor(userId: string, webhookId: string, now: Date, leaseMs: number, leaseToken: string, limit: number): Promise<ClaimedDelivery[]> {
    const due = { webhookId: oid(webhookId), userId: oid(userId), status: 'pending' as const, availableAt: { $lte: now } };
    const candidates = await this.model
      .find(due, { _id: 1, availableAt: 1 })
      .sort({ availableAt: 1, _id: 1 })
      .limit(limit)
      .lean<Array<{ _id: Types.ObjectId; availableAt: Date }>>();
    if (!candidates.length) return [];
    const ids = candidates.map((c) => c._id);
    await this.model.updateMany({ ...due, _id: { $in: ids } }, { $set: { availableAt: new Date(now.getTime() + leaseMs), leaseToken } });
    const won = await this.model.find({ _id: { $in: ids }, leaseToken }).lean<LeanDelivery[]>();
    const order = new Map(candidates.map((c, i) => [String(c._id), i]));
    // `availableAt` stays the time the delivery was due, so a release puts it back in its place.
    return won
      .sort((a, b) => order.get(String(a._id))! - order.get(String(b._id))!)
      .map((doc) => ({ ...toRecord(doc), availableAt: candidates[order.get(String(doc._id))!].availableAt, leaseToken }));
  }

  /** Several successful attempts recorded in one command; how many still held their lease. */
  async completeDelivered(claims: Array<{ claim: ClaimedDelivery; attempt: DeliveryAttempt }>): Promise<number> {
    if (!claims.length) return 0;
    const result = await this.model.bulkWrite(
      claims.map(({ claim, attempt }) => ({
        updateOne: {
          filter: { _id: oid(claim.id), userId: oid(claim.userId), leaseToken: claim.leaseToken },
          update: { $set: { status: 'delivered', leaseToken: null, deliveredAt: attempt.at }, $push: { attempts: attempt }, $inc: { attemptCount: 1 } },
        },
      })),
      { ordered: false },
    );
    return result.modifiedCount;
  }

  /**
   * Batch-claimed deliveries handed back unattempted (the run stopped): due again at the time
   * they were due, so they keep their place in the receiver's queue.
   */
  async release(claims: ClaimedDelivery[]): Promise<void> {
    if (!claims.length) return;
    await this.model.bulkWrite(
      claims.map((claim) => ({
        updateOne: {
          filter: { _id: oid(claim.id), userId: oid(claim.userId), leaseToken: claim.leaseToken },
          update: { $set: { leaseToken: null, availableAt: claim.availableAt } },
        },
      })),
      { ordered: false },
    );
  }

  /** Records an attempt and the outcome; false when the lease was lost (another worker owns it). */
  async completeAttempt(claim: ClaimedDelivery, attempt: DeliveryAttempt, next: { status: DeliveryStatus; availableAt?: Date }): Promise<boolean> {
    const set: Record<string, unknown> = { status: next.status, leaseToken: null };
    if (next.availableAt) set.availableAt = next.availableAt;
    if (next.status === 'delivered') set.deliveredAt = attempt.at;
    const result = await this.model.updateOne(
      { _id: oid(claim.id), userId: oid(claim.userId), leaseToken: claim.leaseToken },
      { $set: set, $push: { attempts: attempt }, $inc: { attemptCount: 1 } },
    );
    return result.modifiedCount > 0;
  }

  /** Ends a claimed delivery without an attempt (webhook deleted or disabled meanwhile). */
  async cancelClaimed(claim: ClaimedDelivery): Promise<void> {
    await this.model.updateOne(
      { _id: oid(claim.id), userId: oid(claim.userId), leaseToken: claim.leaseToken },
      { $set: { status: 'cancelled', leaseToken: null } },
    );
  }

  /** A disabled webhook's queue is dropped (re-enabling starts with new events). */
  async cancelPending(userId: string, webhookId: string): Promise<number> {
    const result = await this.model.updateMany(
      { userId: oid(userId), webhookId: oid(webhookId), status: 'pending', leaseToken: null },
      { $set: { status: 'cancelled' } },
    );
    return result.modifiedCount;
  }

  async deleteForWebhook(userId: string, webhookId: string): Promise<void> {
    await this.model.deleteMany({ userId: oid(userId), webhookId: oid(webhookId) });
  }

  /** One page of a webhook's deliveries, newest first, and how many there are (dashboard). */
  async pageForWebhook(userId: string, webhookId: string, skip: number, limit: number): Promise<{ items: DeliveryRecord[]; total: number }> {
    const filter = { userId: oid(userId), webhookId: oid(webhookId) };
    const [docs, total] = await Promise.all([
      this.model.find(filter).sort({ createdAt: -1, _id: -1 }).skip(skip).limit(limit).lean<LeanDelivery[]>(),
      this.model.countDocuments(filter),
    ]);
    return { items: docs.map(toRecord), total };
  }

  /** One delivery of the user (malformed ids match nothing). */
  async findOwned(userId: string, id: string): Promise<DeliveryRecord | null> {
    if (!isObjectIdString(id)) return null;
    const doc = await this.model.findOne({ _id: oid(id), userId: oid(userId) }).lean<LeanDelivery>();
    return doc ? toRecord(doc) : null;
  }

  /** A new pending delivery, returned (test sends and redeliveries). */
  async insertOne(userId: string, row: NewDelivery, now: Date): Promise<DeliveryRecord> {
    const [doc] = await this.model.insertMany([
      {
        userId: oid(userId),
        webhookId: oid(row.webhookId),
        event: row.event,
        payload: row.payload,
        status: 'pending',
        availableAt: now,
        leaseToken: null,
        attemptCount: 0,
        attempts: [],
      },
    ]);
    return toRecord(doc.toObject() as unknown as LeanDelivery);
  }

  /** Newest first, for the dashboard. */
  async listForWebhook(userId: string, webhookId: string, limit: number): Promise<DeliveryRecord[]> {
    const docs = await this.model
      .find({ userId: oid(userId), webhookId: oid(webhookId) })
      .sort({ createdAt: -1, _id: -1 })
      .limit(limit)
      .lean<LeanDelivery[]>();
    return docs.map(toRecord);
  }
}
