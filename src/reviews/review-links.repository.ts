import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { Repository } from '../database/repository';
import { ReviewLink, type ReviewDecision, type ReviewLinkRecord } from './schemas/review-link.schema';

/** Decisions one link keeps at most (the oldest go first past it). */
const MAX_DECISIONS = 200;

@Injectable()
export class ReviewLinksRepository extends Repository<ReviewLinkRecord> {
  constructor(@InjectModel(ReviewLink.name) model: Model<ReviewLink>) {
    super(model);
  }

  create(link: { accountId: string; postGroupId: string; tokenHash: string; expiresAt: Date; createdBy: string }): Promise<ReviewLinkRecord> {
    return this.insertOne({
      accountId: this.oid(link.accountId),
      postGroupId: this.oid(link.postGroupId),
      tokenHash: link.tokenHash,
      expiresAt: link.expiresAt,
      createdBy: this.oid(link.createdBy),
      revokedAt: null,
      decisions: [],
    });
  }

  findByTokenHash(tokenHash: string): Promise<ReviewLinkRecord | null> {
    return this.findOne({ tokenHash: String(tokenHash) });
  }

  ofPost(accountId: string, postGroupId: string): Promise<ReviewLinkRecord[]> {
    return this.find({ accountId: this.oid(accountId), postGroupId: this.oid(postGroupId) }, { sort: { createdAt: -1, _id: -1 }, limit: 50 });
  }

  async revoke(accountId: string, id: string, at: Date): Promise<boolean> {
    const _id = this.parseId(id);
    if (!_id) return false;
    return (await this.updateOne({ _id, accountId: this.oid(accountId), revokedAt: null }, { $set: { revokedAt: at } })).matched === 1;
  }

  /** Adds a decision while the link is usable (not revoked, not expired); false otherwise. */
  async addDecision(id: ReviewLinkRecord['_id'], decision: ReviewDecision): Promise<boolean> {
    const result = await this.updateOne(
      { _id: id, revokedAt: null, expiresAt: { $gt: decision.at } },
      { $push: { decisions: { $each: [decision], $slice: -MAX_DECISIONS } } },
    );
    return result.matched === 1;
  }
}
