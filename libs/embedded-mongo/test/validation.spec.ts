// Document validation: $jsonSchema and query validators, validationLevel / validationAction,
// bypassDocumentValidation, and MongoDB's DocumentValidationFailure (121) with its errInfo.
import { Double, Long } from 'mongodb';
import { failure, useServer } from './harness';

const h = useServer();

const schema = {
  bsonType: 'object',
  required: ['name', 'age'],
  properties: {
    name: { bsonType: 'string', minLength: 2, description: 'a name of two letters or more' },
    age: { bsonType: 'int', minimum: 0, maximum: 150 },
    email: { bsonType: 'string', pattern: '^[^@]+@[^@]+$' },
    tags: { bsonType: 'array', items: { bsonType: 'string' }, uniqueItems: true },
    status: { enum: ['active', 'inactive'] },
  },
};

describe('document validation', () => {
  beforeAll(async () => {
    await h.db.createCollection('people', { validator: { $jsonSchema: schema } });
  });
  const people = () => h.db.collection('people');

  it('accepts valid documents and refuses invalid ones with 121 and errInfo', async () => {
    await people().insertOne({ _id: 1 as never, name: 'Ann', age: 30, tags: ['a', 'b'] });
    const e = await failure(people().insertOne({ _id: 2 as never, name: 'B', age: -1 }));
    expect(e.code).toBe(121);
    expect(e.message).toBe('Document failed validation');
    const info = e.errInfo as { failingDocumentId: unknown; details: { operatorName: string; schemaRulesNotSatisfied: unknown[] } };
    expect(info.failingDocumentId).toBe(2);
    expect(info.details.operatorName).toBe('$jsonSchema');
    expect(info.details.schemaRulesNotSatisfied).toEqual([
      {
        operatorName: 'properties',
        propertiesNotSatisfied: [
          {
            propertyName: 'name',
            description: 'a name of two letters or more',
            details: [{ operatorName: 'minLength', specifiedAs: { minLength: 2 }, reason: 'specified string length was not satisfied', consideredValue: 'B' }],
          },
          { propertyName: 'age', details: [{ operatorName: 'minimum', specifiedAs: { minimum: 0 }, reason: 'comparison failed', consideredValue: -1 }] },
        ],
      },
    ]);
    expect(await people().countDocuments({ _id: 2 as never })).toBe(0);
  });

  it('reports missing required properties, type mismatches (numeric types apart), enums, patterns, items', async () => {
    const missing = await failure(people().insertOne({ name: 'Bob' }));
    expect((missing.errInfo as { details: { schemaRulesNotSatisfied: unknown[] } }).details.schemaRulesNotSatisfied).toEqual([
      { operatorName: 'required', specifiedAs: { required: ['name', 'age'] }, missingProperties: ['age'] },
    ]);
    const wrongType = await failure(people().insertOne({ name: 'Bob', age: new Double(3) }));
    const rules = (wrongType.errInfo as { details: { schemaRulesNotSatisfied: Array<{ propertiesNotSatisfied: Array<{ details: unknown[] }> }> } }).details
      .schemaRulesNotSatisfied;
    expect(rules[0].propertiesNotSatisfied[0].details[0]).toMatchObject({ operatorName: 'bsonType', reason: 'type did not match', consideredType: 'double' });
    expect((await failure(people().insertOne({ name: 'Bob', age: Long.fromNumber(3) }))).code).toBe(121);
    expect((await failure(people().insertOne({ name: 'Bob', age: 3, status: 'gone' }))).code).toBe(121);
    expect((await failure(people().insertOne({ name: 'Bob', age: 3, email: 'nope' }))).code).toBe(121);
    expect((await failure(people().insertOne({ name: 'Bob', age: 3, tags: ['a', 1] }))).code).toBe(121);
    expect((await failure(people().insertOne({ name: 'Bob', age: 3, tags: ['a', 'a'] }))).code).toBe(121);
    await people().insertOne({ name: 'Bob', age: 3, status: 'active', email: 'b@x.io' });
  });

  it('checks updates, replacements, upserts and findAndModify', async () => {
    expect((await failure(people().updateOne({ _id: 1 as never }, { $set: { age: 'old' } }))).code).toBe(121);
    expect((await failure(people().replaceOne({ _id: 1 as never }, { name: 'Ann' }))).code).toBe(121);
    expect((await failure(people().updateOne({ _id: 9 as never }, { $set: { name: 'Zed' } }, { upsert: true }))).code).toBe(121);
    expect((await failure(people().findOneAndUpdate({ _id: 1 as never }, { $unset: { name: '' } }))).code).toBe(121);
    await people().updateOne({ _id: 1 as never }, { $set: { age: 31 } });
    expect((await people().findOne({ _id: 1 as never }))!.age).toBe(31);
  });

  it('a write with bypassDocumentValidation is not checked', async () => {
    await people().insertOne({ _id: 3 as never, name: 'x' }, { bypassDocumentValidation: true });
    await people().updateOne({ _id: 3 as never }, { $set: { age: 'y' } }, { bypassDocumentValidation: true });
    expect(await people().findOne({ _id: 3 as never })).toEqual({ _id: 3, name: 'x', age: 'y' });
  });

  it('validationLevel moderate skips updates of documents that were already invalid; off skips everything', async () => {
    await h.db.command({ collMod: 'people', validationLevel: 'moderate' });
    await people().updateOne({ _id: 3 as never }, { $set: { age: 'z' } }); // already invalid: not checked
    expect((await failure(people().updateOne({ _id: 1 as never }, { $set: { age: 'z' } }))).code).toBe(121); // valid before: checked
    expect((await failure(people().insertOne({ name: 'q' }))).code).toBe(121); // inserts always checked
    await h.db.command({ collMod: 'people', validationLevel: 'off' });
    await people().insertOne({ _id: 4 as never, name: 'q' });
    await h.db.command({ collMod: 'people', validationLevel: 'strict' });
    expect((await failure(people().updateOne({ _id: 3 as never }, { $set: { age: 'w' } }))).code).toBe(121);
  });

  it('validationAction warn lets invalid writes through', async () => {
    await h.db.createCollection('warned', { validator: { $jsonSchema: { required: ['a'] } }, validationAction: 'warn' });
    await h.db.collection('warned').insertOne({ _id: 1 as never, b: 1 });
    expect(await h.db.collection('warned').countDocuments()).toBe(1);
    const [info] = await h.db.listCollections({ name: 'warned' }).toArray();
    expect((info as { options: object }).options).toMatchObject({
      validationAction: 'warn',
      validationLevel: 'strict',
      validator: { $jsonSchema: { required: ['a'] } },
    });
    const [people] = await h.db.listCollections({ name: 'people' }).toArray();
    expect((people as { options: object }).options).toMatchObject({ validationLevel: 'strict', validationAction: 'error' });
  });

  it('query-operator validators and their errInfo', async () => {
    await h.db.createCollection('orders', { validator: { qty: { $gt: 0 }, status: { $in: ['new', 'paid'] } } });
    const orders = h.db.collection('orders');
    await orders.insertOne({ qty: 1, status: 'new' });
    const e = await failure(orders.insertOne({ _id: 7 as never, qty: 0, status: 'new' }));
    expect(e.code).toBe(121);
    expect(e.errInfo).toEqual({
      failingDocumentId: 7,
      details: {
        operatorName: '$and',
        clausesNotSatisfied: [
          { index: 0, details: { operatorName: '$gt', specifiedAs: { qty: { $gt: 0 } }, reason: 'comparison failed', consideredValue: 0 } },
        ],
      },
    });
    const missing = await failure(orders.insertOne({ _id: 8 as never, qty: 2 }));
    expect(
      (missing.errInfo as { details: { clausesNotSatisfied: Array<{ details: { reason: string } }> } }).details.clausesNotSatisfied[0].details.reason,
    ).toBe('field was missing');
  });

  it('refuses malformed validators and options', async () => {
    await expect(h.db.createCollection('bad1', { validator: { $jsonSchema: { bogus: 1 } } })).rejects.toMatchObject({
      code: 9,
      message: 'Unknown $jsonSchema keyword: bogus',
    });
    await expect(h.db.createCollection('bad2', { validator: { a: 1 }, validationLevel: 'sometimes' as never })).rejects.toMatchObject({ code: 2 });
    await expect(h.db.command({ collMod: 'people', validationAction: 'shout' })).rejects.toMatchObject({ code: 2 });
  });

  it('$jsonSchema also works as a query operator', async () => {
    const n = await h.db.collection('people').countDocuments({ $jsonSchema: { required: ['status'] } });
    expect(n).toBe(1);
  });
});
