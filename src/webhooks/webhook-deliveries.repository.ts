import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model, Types } from 'mongoose';
import { Repository, type Filter, type UpdateStatement } from '../database/repository';
import { DeliveryAttempt, DeliveryStatus, WebhookDelivery } from './schemas/webhook-delivery.schema';

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

/** A successful attempt of a claimed delivery, to record. */
export interface Delivered {
  claim: ClaimedDelivery;
  attempt: DeliveryAttempt;
}

/**
 * The outbox collection. Every method is scoped by userId except `findDue`/`claim`: the delivery
 * worker serves all users by nature; what it claims carries its userId, and everything after the
 * claim is scoped again. A run's batches are read and leased in few commands (`updateEach`).
 */
@Injectable()
export class WebhookDeliveriesRepository extends Repository<LeanDelivery> {
  constructor(@InjectModel(WebhookDelivery.name) model: Model<WebhookDelivery>) {
    super(model);
  }

  /** The statement that records a success; it applies only while the claim still holds the lease. */
  private deliveredUpdate({ claim, attempt }: Delivered): UpdateStatement {
    // The attempt as the schema stores it (field order and nulls as Mongoose would cast them).
    const stored: DeliveryAttempt = {
      at: attempt.at,
      ok: attempt.ok,
      statusCode: attempt.statusCode ?? null,
      error: attempt.error ?? null,
      durationMs: attempt.durationMs,
    };
    return {
      q: this.claimed(claim),
      u: { $set: { status: 'delivered' as const, leaseToken: null, deliveredAt: attempt.at }, $push: { attempts: stored }, $inc: { attemptCount: 1 } },
    };
  }

  /** A claimed delivery, while its claim holds the lease. */
  private claimed(claim: ClaimedDelivery): Filter {
    return { _id: this.oid(claim.id), userId: this.oid(claim.userId), leaseToken: claim.leaseToken };
  }

  /** Outbox rows, in the caller's transaction when there is one: a published post writes one per subscribed webhook. */
  async enqueue(userId: string, rows: NewDelivery[], now: Date): Promise<void> {
    const uid = this.oid(userId);
    await this.insertMany(
      rows.map((r) => ({
        userId: uid,
        webhookId: this.oid(r.webhookId),
        event: r.event,
        payload: r.payload,
        status: 'pending',
        availableAt: now,
        leaseToken: null,
        attemptCount: 0,
        attempts: [],
      })),
      { now },
    );
  }

  /** Deliveries waiting to be sent (due now or later), all users: the outbox depth. */
  countPending(): Promise<number> {
    return this.count({ status: 'pending' });
  }

  /**
   * Due pending deliveries (any user), oldest first, at most `perWebhook` per webhook and none of
   * `skipWebhookIds`: candidates only, each still has to be won with `claim`. `more` is false when
   * the walk reached the end of the due queue: every due delivery of the other webhooks was seen,
   * so asking again after claiming these would walk the whole queue to find nothing.
   */
  async findDue(now: Date, limit: number, skipWebhookIds: string[], perWebhook: number): Promise<{ ids: string[]; more: boolean }> {
    const filter: Filter = { status: 'pending', availableAt: { $lte: now } };
    if (skipWebhookIds.length) filter.webhookId = { $nin: skipWebhookIds.map((id) => this.oid(id)) };
    const walk = limit * 4;
    const docs = await this.find<{ _id: Types.ObjectId; webhookId: Types.ObjectId }>(filter, {
      projection: { _id: 1, webhookId: 1 },
      sort: { availableAt: 1 },
      limit: walk,
    });
    const taken = new Map<string, number>();
    const ids: string[] = [];
    for (const d of docs) {
      const w = String(d.webhookId);
      if ((taken.get(w) ?? 0) >= perWebhook) continue;
      taken.set(w, (taken.get(w) ?? 0) + 1);
      ids.push(String(d._id));
      if (ids.length >= limit) break;
    }
    return { ids, more: docs.length === walk };
  }

  /**
   * Atomically takes one due pending delivery for `leaseMs`. Two workers can never hold the same
   * delivery: the filter requires `availableAt <= now` and the update moves it into the future,
   * so of concurrent claimers exactly one matches. Null when someone else won it.
   */
  async claim(id: string, now: Date, leaseMs: number, leaseToken: string): Promise<ClaimedDelivery | null> {
    const doc = await this.findOneAndUpdate(
      { _id: this.oid(id), status: 'pending', availableAt: { $lte: now } },
      { $set: { availableAt: new Date(now.getTime() + leaseMs), leaseToken } },
      { returnDocument: 'after' },
    );
    return doc ? { ...toRecord(doc), leaseToken } : null;
  }

  /**
   * Up to `limit` of one webhook's due pending deliveries, oldest first, claimed together with one
   * token: a worker that just delivered to this receiver goes on with its queue. `delivered`, the
   * run's successes so far, are recorded in the same write as the lease. Two commands: the
   * candidates are read whole, then leased by an update whose filter requires each to be still
   * pending and due, so of concurrent claimers each delivery goes to exactly one. When every
   * statement applied, what was read is what was claimed (an attempt in between would have moved
   * `availableAt` past `now`, and a release puts back the same document); only when another
   * claimer won some (or a success had lost its lease) does a third command read back which ones
   * are ours.
   */
  async claimBatchFor(
    userId: string,
    webhookId: string,
    now: Date,
    leaseMs: number,
    leaseToken: string,
    limit: number,
    delivered: Delivered[] = [],
  ): Promise<ClaimedDelivery[]> {
    const due = { webhookId: this.oid(webhookId), userId: this.oid(userId), status: 'pending' as const, availableAt: { $lte: now } };
    const candidates = await this.find(due, { sort: { availableAt: 1, _id: 1 }, limit });
    if (!candidates.length) {
      await this.completeDelivered(delivered);
      return [];
    }
    const ids = candidates.map((c) => c._id);
    const lease: UpdateStatement = {
      q: { ...due, _id: { $in: ids } },
      u: { $set: { availableAt: new Date(now.getTime() + leaseMs), leaseToken } },
      multi: true,
    };
    const { modified } = await this.updateEach([...delivered.map((d) => this.deliveredUpdate(d)), lease]);
    let won = candidates;
    if (modified < delivered.length + candidates.length) {
      const ours = await this.find<{ _id: Types.ObjectId }>({ _id: { $in: ids }, leaseToken }, { projection: { _id: 1 } });
      const mine = new Set(ours.map((d) => String(d._id)));
      won = candidates.filter((c) => mine.has(String(c._id)));
    }
    // `availableAt` stays the time the delivery was due, so a release puts it back in its place.
    return won.map((doc) => ({ ...toRecord(doc), leaseToken }));
  }

  /** Several successful attempts recorded in one command; how many still held their lease. */
  async completeDelivered(delivered: Delivered[]): Promise<number> {
    return (await this.updateEach(delivered.map((d) => this.deliveredUpdate(d)))).modified;
  }

  /**
   * Batch-claimed deliveries handed back unattempted (the run stopped): due again at the time
   * they were due, so they keep their place in the receiver's queue.
   */
  async release(claims: ClaimedDelivery[]): Promise<void> {
    await this.updateEach(claims.map((claim) => ({ q: this.claimed(claim), u: { $set: { leaseToken: null, availableAt: claim.availableAt } } })));
  }

  /** Records an attempt and the outcome; false when the lease was lost (another worker owns it). */
  async completeAttempt(claim: ClaimedDelivery, attempt: DeliveryAttempt, next: { status: DeliveryStatus; availableAt?: Date }): Promise<boolean> {
    const set: Record<string, unknown> = { status: next.status, leaseToken: null };
    if (next.availableAt) set.availableAt = next.availableAt;
    if (next.status === 'delivered') set.deliveredAt = attempt.at;
    const result = await this.updateOne(this.claimed(claim), { $set: set, $push: { attempts: attempt }, $inc: { attemptCount: 1 } });
    return result.modified > 0;
  }

  /** Ends a claimed delivery without an attempt (webhook deleted or disabled meanwhile). */
  async cancelClaimed(claim: ClaimedDelivery): Promise<void> {
    await this.updateOne(this.claimed(claim), { $set: { status: 'cancelled', leaseToken: null } });
  }

  /** A disabled webhook's queue is dropped (re-enabling starts with new events). */
  async cancelPending(userId: string, webhookId: string): Promise<number> {
    const result = await this.updateMany(
      { userId: this.oid(userId), webhookId: this.oid(webhookId), status: 'pending', leaseToken: null },
      { $set: { status: 'cancelled' } },
    );
    return result.modified;
  }

  async deleteForWebhook(userId: string, webhookId: string): Promise<void> {
    await this.deleteMany({ userId: this.oid(userId), webhookId: this.oid(webhookId) });
  }

  /** One page of a webhook's deliveries, newest first, and how many there are; optionally of one event and/or outcome. */
  async pageForWebhook(
    userId: string,
    webhookId: string,
    skip: number,
    limit: number,
    only: { event?: string; status?: DeliveryStatus } = {},
  ): Promise<{ items: DeliveryRecord[]; total: number }> {
    const filter: Filter = { userId: this.oid(userId), webhookId: this.oid(webhookId) };
    if (only.event) filter.event = only.event;
    if (only.status) filter.status = only.status;
    const [docs, total] = await Promise.all([this.find(filter, { sort: { createdAt: -1, _id: -1 }, skip, limit }), this.count(filter)]);
    return { items: docs.map(toRecord), total };
  }

  /** One delivery of the user (malformed ids match nothing). */
  async findOwned(userId: string, id: string): Promise<DeliveryRecord | null> {
    const _id = this.parseId(id);
    const doc = _id ? await this.findOne({ _id, userId: this.oid(userId) }) : null;
    return doc ? toRecord(doc) : null;
  }

  /** A new pending delivery, returned (test sends and redeliveries). */
  async enqueueOne(userId: string, row: NewDelivery, now: Date): Promise<DeliveryRecord> {
    const doc = await this.insertOne(
      {
        userId: this.oid(userId),
        webhookId: this.oid(row.webhookId),
        event: row.event,
        payload: row.payload,
        status: 'pending',
        availableAt: now,
        leaseToken: null,
        attemptCount: 0,
        attempts: [],
      },
      now,
    );
    return toRecord(doc);
  }

  /** Newest first, for the dashboard. */
  async listForWebhook(userId: string, webhookId: string, limit: number): Promise<DeliveryRecord[]> {
    const docs = await this.find({ userId: this.oid(userId), webhookId: this.oid(webhookId) }, { sort: { createdAt: -1, _id: -1 }, limit });
    return docs.map(toRecord);
  }
}
