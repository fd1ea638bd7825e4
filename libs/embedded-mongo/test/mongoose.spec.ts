// Mongoose as the application uses it: schemas with indexes, CRUD, populate, aggregate,
// bulkWrite, duplicate keys and transactions — against the server in its default worker mode.
import mongoose, { Schema, Types } from 'mongoose';
import { EmbeddedMongoHandle, startEmbeddedMongo } from '../src';

interface User {
  email: string;
  name: string;
  plan: string;
  credits: number;
}
interface Post {
  userId: Types.ObjectId;
  text: string;
  status: 'draft' | 'scheduled' | 'published';
  scheduledTime?: Date;
  tags: string[];
}

const userSchema = new Schema<User>({
  email: { type: String, required: true, unique: true },
  name: String,
  plan: { type: String, default: 'free' },
  credits: { type: Number, default: 0 },
});
const postSchema = new Schema<Post>(
  {
    userId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    text: String,
    status: { type: String, default: 'draft' },
    scheduledTime: Date,
    tags: [String],
  },
  { timestamps: true },
);
postSchema.index({ userId: 1, status: 1, scheduledTime: -1 });

let server: EmbeddedMongoHandle;
let conn: mongoose.Connection;
let UserModel: mongoose.Model<User>;
let PostModel: mongoose.Model<Post>;

beforeAll(async () => {
  server = await startEmbeddedMongo(); // worker mode (the default)
  conn = await mongoose.createConnection(server.uri, { dbName: 'app' }).asPromise();
  UserModel = conn.model<User>('User', userSchema);
  PostModel = conn.model<Post>('Post', postSchema);
  await UserModel.init();
  await PostModel.init();
});

afterAll(async () => {
  await conn?.close();
  await server?.stop();
});

describe('mongoose', () => {
  it('creates, finds, updates and deletes documents', async () => {
    const u = await UserModel.create({ email: 'a@example.com', name: 'Ann' });
    expect(u._id).toBeInstanceOf(Types.ObjectId);
    const found = await UserModel.findOne({ email: 'a@example.com' }).lean();
    expect(found?.name).toBe('Ann');
    expect(found?.plan).toBe('free');
    await UserModel.updateOne({ _id: u._id }, { $inc: { credits: 5 }, $set: { plan: 'pro' } });
    const after = await UserModel.findById(u._id);
    expect(after?.credits).toBe(5);
    expect(after?.plan).toBe('pro');
    after!.name = 'Annie';
    await after!.save();
    expect((await UserModel.findById(u._id).lean())?.name).toBe('Annie');
    const res = await UserModel.deleteOne({ _id: u._id });
    expect(res.deletedCount).toBe(1);
    expect(await UserModel.countDocuments()).toBe(0);
  });

  it('builds the schema indexes', async () => {
    const indexes = await PostModel.collection.indexes();
    expect(indexes.map((i) => i.name).sort()).toEqual(['_id_', 'userId_1_status_1_scheduledTime_-1']);
    const userIdx = await UserModel.collection.indexes();
    expect(userIdx.find((i) => i.name === 'email_1')?.unique).toBe(true);
  });

  it('surfaces duplicate keys like MongoDB', async () => {
    await UserModel.create({ email: 'dup@example.com', name: 'One' });
    const err = await UserModel.create({ email: 'dup@example.com', name: 'Two' }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 11000, keyPattern: { email: 1 }, keyValue: { email: 'dup@example.com' } });
    expect((err as Error).message).toContain('E11000 duplicate key error collection: app.users index: email_1 dup key: { email: "dup@example.com" }');
  });

  it('finds with sort, skip, limit, projection and populate', async () => {
    const owner = await UserModel.create({ email: 'owner@example.com', name: 'Owner' });
    const base = Date.UTC(2030, 0, 1);
    await PostModel.insertMany(
      Array.from({ length: 30 }, (_, i) => ({
        userId: owner._id,
        text: `post ${i}`,
        status: i % 2 ? 'scheduled' : 'draft',
        scheduledTime: new Date(base + i * 60_000),
        tags: [`t${i % 3}`],
      })),
    );
    const page = await PostModel.find({ userId: owner._id, status: 'scheduled' })
      .sort({ scheduledTime: -1 })
      .skip(2)
      .limit(5)
      .select('text scheduledTime')
      .lean();
    expect(page.map((p) => p.text)).toEqual(['post 25', 'post 23', 'post 21', 'post 19', 'post 17']);
    expect(page[0]).not.toHaveProperty('status');
    const populated = await PostModel.findOne({ text: 'post 1' }).populate<{ userId: User }>('userId');
    expect(populated?.userId.email).toBe('owner@example.com');
    expect(await PostModel.countDocuments({ tags: 't0' })).toBe(10);
    const distinct = await PostModel.distinct('status');
    expect(distinct.sort()).toEqual(['draft', 'scheduled']);
  });

  it('aggregates', async () => {
    const stats = await PostModel.aggregate<{ _id: string; n: number }>([{ $group: { _id: '$status', n: { $sum: 1 } } }, { $sort: { _id: 1 } }]);
    expect(stats).toEqual([
      { _id: 'draft', n: 15 },
      { _id: 'scheduled', n: 15 },
    ]);
    const joined = await PostModel.aggregate([
      { $match: { text: 'post 2' } },
      { $lookup: { from: 'users', localField: 'userId', foreignField: '_id', as: 'user' } },
      { $unwind: '$user' },
      { $project: { _id: 0, text: 1, email: '$user.email' } },
    ]);
    expect(joined).toEqual([{ text: 'post 2', email: 'owner@example.com' }]);
  });

  it('findOneAndUpdate with new, upsert and the lease pattern', async () => {
    const now = new Date();
    const claimed = await PostModel.findOneAndUpdate(
      { status: 'scheduled', text: 'post 1' },
      { $set: { status: 'published' } },
      { returnDocument: 'after' },
    ).lean();
    expect(claimed?.status).toBe('published');
    const again = await PostModel.findOneAndUpdate({ status: 'scheduled', text: 'post 1' }, { $set: { status: 'published' } }, { returnDocument: 'after' });
    expect(again).toBeNull();
    const up = await UserModel.findOneAndUpdate(
      { email: 'new@example.com' },
      { $setOnInsert: { name: 'New', credits: 1 } },
      { upsert: true, returnDocument: 'after' },
    ).lean();
    expect(up).toMatchObject({ email: 'new@example.com', name: 'New', credits: 1 });
    expect(now).toBeInstanceOf(Date);
  });

  it('bulkWrite', async () => {
    const res = await UserModel.bulkWrite([
      { insertOne: { document: { email: 'b1@example.com', name: 'B1' } } },
      { updateOne: { filter: { email: 'b1@example.com' }, update: { $set: { plan: 'team' } } } },
      { updateOne: { filter: { email: 'b2@example.com' }, update: { $set: { name: 'B2' } }, upsert: true } },
      { deleteOne: { filter: { email: 'new@example.com' } } },
    ]);
    expect(res.insertedCount).toBe(1);
    expect(res.modifiedCount).toBe(1);
    expect(res.upsertedCount).toBe(1);
    expect(res.deletedCount).toBe(1);
    expect((await UserModel.findOne({ email: 'b1@example.com' }).lean())?.plan).toBe('team');
  });

  it('commits a transaction with withTransaction', async () => {
    const session = await conn.startSession();
    await session.withTransaction(async () => {
      await UserModel.create([{ email: 'tx1@example.com', name: 'Tx' }], { session });
      await UserModel.updateOne({ email: 'b1@example.com' }, { $inc: { credits: 10 } }, { session });
      // Outside readers do not see uncommitted writes.
      expect(await UserModel.findOne({ email: 'tx1@example.com' }).lean()).toBeNull();
      expect(await UserModel.findOne({ email: 'tx1@example.com' }).session(session).lean()).not.toBeNull();
    });
    await session.endSession();
    expect(await UserModel.findOne({ email: 'tx1@example.com' }).lean()).not.toBeNull();
    expect((await UserModel.findOne({ email: 'b1@example.com' }).lean())?.credits).toBe(10);
  });

  it('a withTransaction callback that throws leaves nothing behind', async () => {
    const session = await conn.startSession();
    await expect(
      session.withTransaction(async () => {
        await UserModel.create([{ email: 'ghost@example.com', name: 'Ghost' }], { session });
        await UserModel.updateOne({ email: 'b1@example.com' }, { $inc: { credits: 100 } }, { session });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    await session.endSession();
    expect(await UserModel.findOne({ email: 'ghost@example.com' }).lean()).toBeNull();
    expect((await UserModel.findOne({ email: 'b1@example.com' }).lean())?.credits).toBe(10);
  });

  it('concurrent transactions on one document both succeed through retries', async () => {
    const acct = await UserModel.create({ email: 'counter@example.com', name: 'C', credits: 0 });
    const bump = async (): Promise<void> => {
      const session = await conn.startSession();
      try {
        await session.withTransaction(async () => {
          const doc = await UserModel.findById(acct._id).session(session);
          await new Promise((r) => setTimeout(r, 20));
          await UserModel.updateOne({ _id: acct._id }, { $set: { credits: doc!.credits + 1 } }, { session });
        });
      } finally {
        await session.endSession();
      }
    };
    await Promise.all([bump(), bump(), bump()]);
    expect((await UserModel.findById(acct._id).lean())?.credits).toBe(3);
  });
});
