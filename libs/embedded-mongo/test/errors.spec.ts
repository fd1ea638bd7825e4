// Error replies: codes, code names and messages follow MongoDB.
import { MongoServerError } from 'mongodb';
import { useServer } from './harness';

const h = useServer();

describe('errors', () => {
  it('answers an unknown command with CommandNotFound (59)', async () => {
    const err = (await h.db.command({ frobnicate: 1 }).catch((e: unknown) => e)) as MongoServerError;
    expect(err).toMatchObject({ code: 59, codeName: 'CommandNotFound' });
    expect(err.message).toBe("no such command: 'frobnicate'");
    // atlasVersion (asked by mongosh) is simply not found.
    await expect(h.client.db('admin').command({ atlasVersion: 1 })).rejects.toMatchObject({ code: 59 });
  });

  it('NamespaceNotFound (26) when dropping a missing collection', async () => {
    await expect(h.db.command({ drop: 'never_created' })).rejects.toMatchObject({ code: 26, codeName: 'NamespaceNotFound' });
  });

  it('NamespaceExists (48) when creating an existing collection', async () => {
    await h.db.createCollection('exists');
    await expect(h.db.createCollection('exists')).rejects.toMatchObject({ code: 48, codeName: 'NamespaceExists' });
  });

  it('BadValue / FailedToParse / TypeMismatch for malformed commands', async () => {
    await expect(h.db.command({ find: 'x', filter: { a: { $bogus: 1 } } })).rejects.toMatchObject({ code: 2 });
    await expect(h.db.command({ find: 'x', skip: -1 })).rejects.toMatchObject({ code: 2 });
    await expect(h.db.command({ find: 'x', filter: 'nope' })).rejects.toMatchObject({ code: 14 });
    await expect(h.db.command({ findAndModify: 'x', query: {} })).rejects.toMatchObject({ code: 9 });
    await expect(h.db.command({ insert: 'x' })).rejects.toMatchObject({ code: 9 });
  });

  it('CursorNotFound (43) for an unknown cursor', async () => {
    await expect(h.db.command({ getMore: 12345, collection: 'x' })).rejects.toMatchObject({ code: 43, codeName: 'CursorNotFound' });
  });

  it('reports unsupported features explicitly', async () => {
    await expect(h.db.createCollection('capped', { capped: true, size: 1000 })).rejects.toMatchObject({ code: 238, codeName: 'NotImplemented' });
    await expect(h.db.collection('t').createIndex({ body: 'text' })).rejects.toMatchObject({ code: 238 });
    await expect(
      h.db
        .collection('t')
        .aggregate([{ $out: 'x' }])
        .toArray(),
    ).rejects.toMatchObject({ code: 238 });
    await h.db.collection('t').insertOne({ a: 1 });
    await expect(h.db.collection('t').find({ $where: 'this.a == 1' }).toArray()).rejects.toMatchObject({ code: 2 });
  });

  it('renames collections and reports missing sources', async () => {
    await h.db.collection('from').insertOne({ a: 1 });
    await h.db.collection('from').rename('to');
    expect(await h.db.collection('to').countDocuments()).toBe(1);
    await expect(h.db.collection('from').rename('again')).rejects.toMatchObject({ code: 26 });
  });

  it('keeps the connection usable after errors', async () => {
    for (let i = 0; i < 5; i++) await h.db.command({ nope: 1 }).catch(() => undefined);
    expect(await h.db.command({ ping: 1 })).toMatchObject({ ok: 1 });
  });
});
