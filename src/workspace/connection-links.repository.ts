import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { ConnectionLink, type ConnectionLinkRecord } from './schemas/connection-link.schema';

const oid = (id: string) => new Types.ObjectId(id);

@Injectable()
export class ConnectionLinksRepository {
  constructor(@InjectModel(ConnectionLink.name) private readonly model: Model<ConnectionLink>) {}

  findForUser(ownerId: string, userId: string): Promise<ConnectionLinkRecord | null> {
    return this.model
      .findOne({ userId: oid(userId), ownerId: oid(ownerId) })
      .lean<ConnectionLinkRecord>()
      .exec();
  }

  /** The owner's links, for its managed-user list. */
  listForOwner(ownerId: string): Promise<ConnectionLinkRecord[]> {
    return this.model
      .find({ ownerId: oid(ownerId) })
      .lean<ConnectionLinkRecord[]>()
      .exec();
  }

  findByTokenHash(tokenHash: string): Promise<ConnectionLinkRecord | null> {
    return this.model
      .findOne({ tokenHash: String(tokenHash) })
      .lean<ConnectionLinkRecord>()
      .exec();
  }

  /** The user's one link, replaced: the previous token stops working at once. */
  async replace(link: { userId: string; ownerId: string; tokenHash: string; tokenEncrypted: string; expiresAt: Date }): Promise<ConnectionLinkRecord> {
    const saved = await this.model
      .findOneAndUpdate(
        { userId: oid(link.userId) },
        { $set: { ownerId: oid(link.ownerId), tokenHash: link.tokenHash, tokenEncrypted: link.tokenEncrypted, expiresAt: link.expiresAt } },
        { upsert: true, returnDocument: 'after' },
      )
      .lean<ConnectionLinkRecord>()
      .exec();
    return saved!;
  }

  async deleteForUser(userId: string): Promise<void> {
    await this.model.deleteOne({ userId: oid(userId) }).exec();
  }
}
