import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { Repository } from '../database/repository';
import { ConnectionLink, type ConnectionLinkRecord } from './schemas/connection-link.schema';

@Injectable()
export class ConnectionLinksRepository extends Repository<ConnectionLinkRecord> {
  constructor(@InjectModel(ConnectionLink.name) model: Model<ConnectionLink>) {
    super(model);
  }

  findForUser(ownerId: string, userId: string): Promise<ConnectionLinkRecord | null> {
    return this.findOne({ userId: this.oid(userId), ownerId: this.oid(ownerId) });
  }

  /** The owner's links, for its managed-user list. */
  listForOwner(ownerId: string): Promise<ConnectionLinkRecord[]> {
    return this.find({ ownerId: this.oid(ownerId) });
  }

  findByTokenHash(tokenHash: string): Promise<ConnectionLinkRecord | null> {
    return this.findOne({ tokenHash: String(tokenHash) });
  }

  /** The user's one link, replaced: the previous token stops working at once. */
  async replace(link: { userId: string; ownerId: string; tokenHash: string; tokenEncrypted: string; expiresAt: Date }): Promise<ConnectionLinkRecord> {
    const saved = await this.findOneAndUpdate<ConnectionLinkRecord>(
      { userId: this.oid(link.userId) },
      { $set: { ownerId: this.oid(link.ownerId), tokenHash: link.tokenHash, tokenEncrypted: link.tokenEncrypted, expiresAt: link.expiresAt } },
      { upsert: true, returnDocument: 'after' },
    );
    return saved!;
  }

  async deleteForUser(userId: string): Promise<void> {
    await this.deleteOne({ userId: this.oid(userId) });
  }
}
