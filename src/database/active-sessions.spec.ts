import { MongoClient } from 'mongodb';
import { ActiveSessions, installActiveSessions } from './active-sessions';

describe('ActiveSessions', () => {
  it('holds each member once, counts them and forgets deleted ones', () => {
    const sessions = new ActiveSessions<object>();
    const a = {};
    const b = {};
    sessions.add(a).add(b).add(a);
    expect(sessions.size).toBe(2);
    expect(sessions.has(a)).toBe(true);
    expect(sessions.delete(a)).toBe(true);
    expect(sessions.delete(a)).toBe(false);
    expect(sessions.has(a)).toBe(false);
    expect(sessions.size).toBe(1);
    expect([...sessions]).toEqual([b]);
  });

  it('reuses a deleted member’s slot without disturbing the others', () => {
    const sessions = new ActiveSessions<{ n: number }>();
    const members = Array.from({ length: 5 }, (_, n) => ({ n }));
    for (const m of members) sessions.add(m);
    sessions.delete(members[1]);
    sessions.delete(members[3]);
    const late = { n: 9 };
    sessions.add(late);
    expect(new Set(sessions)).toEqual(new Set([members[0], members[2], members[4], late]));
    expect(sessions.size).toBe(4);
    expect(Array.from(sessions, (m) => m.n).sort()).toEqual([0, 2, 4, 9]);
  });

  it('empties on clear', () => {
    const sessions = new ActiveSessions<object>();
    const a = {};
    sessions.add(a).add({});
    sessions.clear();
    expect(sessions.size).toBe(0);
    expect([...sessions]).toEqual([]);
    expect(sessions.has(a)).toBe(false);
    sessions.add(a);
    expect([...sessions]).toEqual([a]);
  });
});

describe('installActiveSessions', () => {
  let client: MongoClient;
  beforeEach(() => {
    // Never connected: sessions are created and ended on the client side alone.
    client = new MongoClient('mongodb://127.0.0.1:9/?serverSelectionTimeoutMS=100');
  });
  afterEach(() => client.close());

  const registry = () => (client as unknown as { s: { activeSessions: Iterable<unknown> & { size: number } } }).s.activeSessions;

  it('replaces the driver’s Set, keeping the sessions already open', async () => {
    const open = client.startSession();
    expect(registry()).toBeInstanceOf(Set);
    expect(installActiveSessions(client)).toBe(true);
    expect(registry()).toBeInstanceOf(ActiveSessions);
    expect([...registry()]).toEqual([open]);
    await open.endSession();
    expect(registry().size).toBe(0);
  });

  it('is what the driver registers and ends its sessions in', async () => {
    installActiveSessions(client);
    const first = client.startSession();
    const second = client.startSession();
    expect(registry().size).toBe(2);
    await first.endSession();
    expect([...registry()]).toEqual([second]);
    await client.close(); // ends the sessions still open, through the registry
    expect(second.hasEnded).toBe(true);
    expect(registry().size).toBe(0);
  });

  it('changes nothing where there is no Set to replace', () => {
    expect(installActiveSessions(client)).toBe(true);
    const installed = registry();
    expect(installActiveSessions(client)).toBe(false);
    expect(registry()).toBe(installed);
    expect(installActiveSessions({} as MongoClient)).toBe(false);
  });
});
