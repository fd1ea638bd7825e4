import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { Repository } from '../database/repository';
import type { PostGroupStatus } from '@app/rules';
import { PostGroup, type PostGroupRecord } from '../posts/schemas/post-group.schema';

/** The publishing engine's writes to post groups: taking them into processing and their final status. */
@Injectable()
export class GroupRollupRepository extends Repository<PostGroupRecord> {
  constructor(@InjectModel(PostGroup.name) model: Model<PostGroup>) {
    super(model);
  }

  /**
   * Moves the batch's pending groups to `processing` and reads every group of the batch (the
   * publisher needs their settings and media): two commands for the whole batch. The update
   * stamps the groups it moved with this claim's token (each document's update is atomic, so of
   * two instances only one moves a group); `moved` are those. The ids come from claimed platform
   * posts, across users, so the batch is selected by id alone (an index walk, where an $or of
   * id-and-user pairs is not); each group is checked against its post's user by the caller.
   */
  async markGroupsProcessing(postGroupIds: string[], claimToken: string): Promise<{ moved: string[]; groups: PostGroupRecord[] }> {
    if (!postGroupIds.length) return { moved: [], groups: [] };
    const filter = { _id: { $in: postGroupIds.map((id) => this.oid(id)) } };
    await this.updateMany({ ...filter, processingStatus: 'pending' }, { $set: { processingStatus: 'processing', processingClaim: claimToken } });
    const groups = await this.find(filter);
    return { moved: groups.filter((g) => g.processingClaim === claimToken).map((g) => String(g._id)), groups };
  }

  findGroup(userId: string, postGroupId: string): Promise<PostGroupRecord | null> {
    return this.findOne({ _id: this.oid(postGroupId), userId: this.oid(userId) });
  }

  /**
   * Finalizes the group with `status`, or only touches it (`updatedAt`) while a sibling is still
   * open; the group as it was before, or null when it is gone. Written in every case, so two
   * siblings finishing at once conflict on the group and the retried transaction reads the other's
   * outcome (the rollup in publication-state.service.ts).
   */
  /**
   * Recovery: the group is open again (its retried posts are scheduled): status `scheduled`,
   * processing `pending` so the engine takes it up as a new run. The group as it was before, or
   * null when it is gone.
   */
  reopen(userId: string, postGroupId: string): Promise<Pick<PostGroupRecord, 'status'> | null> {
    return this.findOneAndUpdate(
      { _id: this.oid(postGroupId), userId: this.oid(userId) },
      { $set: { status: 'scheduled', processingStatus: 'pending' }, $unset: { processingClaim: 1 } },
      { returnDocument: 'before', projection: { status: 1 } },
    );
  }

  settleGroup(userId: string, postGroupId: string, status: PostGroupStatus | null): Promise<Pick<PostGroupRecord, 'status'> | null> {
    return this.findOneAndUpdate(
      { _id: this.oid(postGroupId), userId: this.oid(userId) },
      { $set: status ? { status, processingStatus: 'finished' } : {} },
      { returnDocument: 'before', projection: { status: 1 } },
    );
  }
}
