import { createTestApp, type TestApp } from '@test/support';
import { getModelToken } from '@nestjs/mongoose';
import { Types, type Model } from 'mongoose';
import { storedDocument } from '../../src/database/stored-document';

/**
 * Repositories on a hot path insert through the driver with `storedDocument`: what they store must
 * be what Mongoose's own create would have stored (defaults, timestamps, version key, minimize).
 */
describe('storedDocument: the documents Mongoose would store', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const cases: Array<[string, () => Record<string, unknown>]> = [
    ['PostGroup', () => ({ content: 'c', status: 'draft', platformSettings: {}, platforms: ['x'], userId: new Types.ObjectId() })],
    // Empty objects and undefined values inside a Mixed field, and an undefined field: Mongoose's minimize reaches them all.
    [
      'PostGroup',
      () => ({
        content: 'c',
        status: 'draft',
        scheduledTime: undefined,
        platformSettings: { x: {}, y: { z: {}, u: undefined }, w: { a: 1, e: {} } },
        platforms: ['x'],
        userId: new Types.ObjectId(),
      }),
    ],
    [
      'PostGroup',
      () => ({
        content: 'c',
        status: 'scheduled',
        scheduledTime: new Date(),
        platformSettings: { x: { a: 1 } },
        platforms: ['x'],
        userId: new Types.ObjectId(),
      }),
    ],
    [
      'PlatformPost',
      () => ({
        connectionId: new Types.ObjectId(),
        platform: 'x',
        platformId: 'x-1',
        externalId: 'e',
        status: 'pending',
        content: 'c',
        userId: new Types.ObjectId(),
        postGroupId: new Types.ObjectId(),
      }),
    ],
    [
      'WebhookDelivery',
      () => ({
        userId: new Types.ObjectId(),
        webhookId: new Types.ObjectId(),
        event: 'post.published',
        payload: '{"event":"post.published"}',
        status: 'pending',
        availableAt: new Date(),
        leaseToken: null,
        attemptCount: 0,
        attempts: [],
      }),
    ],
  ];

  it.each(cases)("%s: the same fields and values as Mongoose's save stores", async (name, fields) => {
    const model = t.app.get<Model<unknown>>(getModelToken(name));
    const input = fields();
    const viaMongoose = await new model({ ...input }).save();
    const before = JSON.stringify(input);
    const doc = storedDocument<Record<string, unknown>>(model, input, new Date());
    expect(JSON.stringify(input)).toBe(before); // the caller's objects are left as they were
    await model.collection.insertOne(doc as never);
    const [expected, actual] = await Promise.all([model.collection.findOne({ _id: viaMongoose._id }), model.collection.findOne({ _id: doc._id })]);
    const comparable = (d: Record<string, unknown> | null) => ({ ...d, _id: undefined, createdAt: undefined, updatedAt: undefined });
    expect(comparable(actual)).toEqual(comparable(expected));
    expect(Object.keys(actual!).sort()).toEqual(Object.keys(expected!).sort());
    expect(actual!.createdAt).toBeInstanceOf(Date);
    expect(actual!.updatedAt).toEqual(actual!.createdAt);
  });
});
