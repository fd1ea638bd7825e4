// Publishing reads each connection's credentials once per post through a cache of the
// connections repository (`withSecrets`), on where the embedded database's write counter tells it
// about every change. Every write through the repository empties it, publishing's own
// `lastSuccessfulPost` stamps (written about once a second) included; a write by another client
// is seen through the counter.
import { createAccount, createConnection, createTestApp, type TestApp } from '@test/support';
import { MongoClient, type CommandStartedEvent } from 'mongodb';
import { Types } from 'mongoose';
import { ConnectionsService, type ConnectionRef } from '../../src/connections/connections.service';

describe('connection credentials cache across publishing stamps', () => {
  let t: TestApp;
  let userId: string;
  let first: ConnectionRef;
  let second: ConnectionRef;
  let connections: ConnectionsService;
  let outside: MongoClient;
  const finds: CommandStartedEvent[] = [];
  // On an external MongoDB (MONGODB_URI) there is no write counter and no cache: every read finds.
  const cached = !process.env.MONGODB_URI;

  beforeAll(async () => {
    // METRICS_ENABLED turns the driver's command events on: they show which reads reached the database.
    t = await createTestApp({ env: { METRICS_ENABLED: 'true' } });
    userId = (await createAccount(t, { plan: 'pro' })).userId;
    first = await createConnection(t, userId, { platform: 'mastodon', externalId: 'cache-one', accessToken: 'token-one' });
    second = await createConnection(t, userId, { platform: 'bluesky', externalId: 'did:plc:cachetwo', accessToken: 'token-two' });
    connections = t.app.get(ConnectionsService);
    t.connection.getClient().on('commandStarted', (e) => {
      if (e.commandName === 'find' && e.command.find === 'platform_connections') finds.push(e);
    });
    outside = await MongoClient.connect(t.databaseUri);
  });
  afterAll(async () => {
    await outside?.close();
    await t?.close();
  });

  const stored = async (id: string) =>
    outside
      .db()
      .collection('platform_connections')
      .findOne({ _id: new Types.ObjectId(id) });

  it('answers from memory until lastSuccessfulPost stamps are written, then reads each once again; the stamps are stored', async () => {
    expect((await connections.getCredentials(userId, first.id)).accessToken).toBe('token-one');
    expect((await connections.getCredentials(userId, second.id)).accessToken).toBe('token-two');
    const loaded = finds.length;
    await connections.getCredentials(userId, first.id);
    expect(finds.length).toBe(cached ? loaded : loaded + 1);

    const at = new Date(Date.now() - 1000);
    connections.recordSuccessfulPost(userId, first.id, at);
    connections.recordSuccessfulPost(userId, second.id, at);
    await connections.flushSuccessfulPosts();
    expect((await stored(first.id))?.lastSuccessfulPost).toEqual(at);
    expect((await stored(second.id))?.lastSuccessfulPost).toEqual(at);

    const flushed = finds.length;
    expect((await connections.getCredentials(userId, first.id)).accessToken).toBe('token-one');
    expect((await connections.getCredentials(userId, second.id)).accessToken).toBe('token-two');
    await connections.getCredentials(userId, first.id);
    expect(finds.length).toBe(cached ? flushed + 2 : flushed + 3);
  });

  it('reads again after another client (as mongosh would) wrote the collection', async () => {
    await connections.getCredentials(userId, first.id);
    await connections.getCredentials(userId, first.id);
    const before = finds.length;
    await outside
      .db()
      .collection('platform_connections')
      .updateOne({ _id: new Types.ObjectId(second.id) }, { $set: { displayName: 'renamed in mongosh' } });
    await connections.getCredentials(userId, first.id);
    // One find either way: the cached entry misses, or (external database) there is no cache.
    expect(finds.length).toBe(before + 1);
  });

  it('sees tokens replaced straight in the database on the very next read, stamps or not', async () => {
    await connections.getCredentials(userId, first.id);
    const replacement = (await stored(second.id))!.accessTokenEncrypted as string;
    // Swap the two connections' ciphertexts by hand: the first now decrypts to the second's token.
    await outside
      .db()
      .collection('platform_connections')
      .updateOne({ _id: new Types.ObjectId(first.id) }, { $set: { accessTokenEncrypted: replacement } });
    connections.recordSuccessfulPost(userId, first.id, new Date());
    await connections.flushSuccessfulPosts();
    expect((await connections.getCredentials(userId, first.id)).accessToken).toBe('token-two');
  });
});
