// Handshake and wire protocol: hello as a replica-set primary, legacy OP_QUERY isMaster,
// OP_MSG document sequences, checksum and moreToCome flags, server-info commands, worker mode.
import { MongoClient } from 'mongodb';
import mongoose from 'mongoose';
import { startEmbeddedMongo } from '../src';
import { newLsid, RawClient } from './raw-client';
import { useServer } from './harness';

const h = useServer();

describe('handshake and wire protocol', () => {
  it('answers hello as a one-member replica set primary', async () => {
    const hello = await h.client.db('admin').command({ hello: 1 });
    const me = `127.0.0.1:${h.server.port}`;
    expect(hello).toMatchObject({ isWritablePrimary: true, setName: 'rs0', hosts: [me], primary: me, me, logicalSessionTimeoutMinutes: 30, minWireVersion: 0 });
    expect(hello.maxWireVersion).toBeGreaterThanOrEqual(17);
    expect(hello.saslSupportedMechs).toBeUndefined();
    expect(hello.lastWrite.lastWriteDate).toBeInstanceOf(Date);
    expect(h.server.uri).toBe(`mongodb://${me}/?replicaSet=rs0`);
  });

  it('answers legacy OP_QUERY isMaster with OP_REPLY', async () => {
    const raw = await RawClient.connect(h.server.port);
    const { opCode, doc } = await raw.query('admin', { isMaster: 1, helloOk: true });
    expect(opCode).toBe(1);
    expect(doc).toMatchObject({ ismaster: true, setName: 'rs0', helloOk: true, ok: 1 });
    raw.close();
  });

  it('merges kind-1 document sequences, tolerates checksums and applies moreToCome writes', async () => {
    const raw = await RawClient.connect(h.server.port);
    const r = await raw.msg({ insert: 'seq', $db: 'test' }, { sequences: { documents: [{ _id: 1 }, { _id: 2 }] }, checksum: true });
    expect(r).toMatchObject({ ok: 1, n: 2 });
    expect(await raw.msg({ insert: 'seq', documents: [{ _id: 3 }], $db: 'test', writeConcern: { w: 0 } }, { flags: 2 })).toBeUndefined();
    const count = await raw.msg({ count: 'seq', $db: 'test', lsid: newLsid() });
    expect(count).toMatchObject({ ok: 1, n: 3 });
    raw.close();
  });

  it('answers the server-information commands', async () => {
    const admin = h.client.db('admin');
    expect((await admin.command({ buildInfo: 1 })).versionArray).toEqual([7, 0, 0, 0]);
    expect(await admin.command({ ping: 1 })).toMatchObject({ ok: 1 });
    expect((await admin.command({ getParameter: 1, featureCompatibilityVersion: 1 })).featureCompatibilityVersion).toEqual({ version: '7.0' });
    expect((await admin.command({ getLog: 'startupWarnings' })).log).toEqual([]);
    for (const cmd of ['serverStatus', 'hostInfo', 'connectionStatus', 'whatsmyuri', 'getCmdLineOpts', 'listDatabases']) {
      expect(await admin.command({ [cmd]: 1 })).toMatchObject({ ok: 1 });
    }
    await h.db.collection('s').insertOne({ a: 1 });
    expect(await h.db.command({ dbStats: 1 })).toMatchObject({ ok: 1, collections: expect.any(Number) });
    expect(await h.db.command({ collStats: 's' })).toMatchObject({ ok: 1, count: 1 });
    expect((await admin.command({ listDatabases: 1, nameOnly: true })).databases.map((d: { name: string }) => d.name)).toContain('test');
  });

  it('lists collections with filter and nameOnly', async () => {
    await h.db.createCollection('lc1');
    const names = await h.db.listCollections({ name: 'lc1' }, { nameOnly: true }).toArray();
    expect(names).toEqual([{ name: 'lc1', type: 'collection' }]);
    const full = await h.db.listCollections({ name: 'lc1' }).toArray();
    expect(full[0]).toMatchObject({ name: 'lc1', type: 'collection', idIndex: { name: '_id_' } });
  });

  it('runs in a worker thread by default and stays usable from the driver and Mongoose', async () => {
    const server = await startEmbeddedMongo();
    const client = await MongoClient.connect(server.uri);
    await client.db('w').collection('c').insertOne({ hello: 'worker' });
    const conn = await mongoose.createConnection(server.uri).asPromise();
    expect(await conn.db!.collection('c').countDocuments()).toBe(0);
    expect(await conn.useDb('w').collection('c').countDocuments()).toBe(1);
    await conn.close();
    await client.close();
    await server.stop();
  });
});
