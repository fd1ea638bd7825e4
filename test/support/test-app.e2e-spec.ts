import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { createTestApp, openTestDatabase } from './test-app';

interface DatabaseHandles {
  ports: number;
  sockets: number;
}

/**
 * The database threads' ports and the Unix-socket connections to databases: what a failed start
 * would leave keeping this process alive (timers are left out: unrelated ones come and go).
 */
function databaseHandles(): DatabaseHandles {
  const kinds = process.getActiveResourcesInfo();
  return { ports: kinds.filter((k) => k === 'MessagePort').length, sockets: kinds.filter((k) => k === 'PipeWrap').length };
}

/** The handles once back at `expected`, or after 5 s (sockets close a moment after their client does). */
async function handlesSettledAt(expected: DatabaseHandles): Promise<DatabaseHandles> {
  const deadline = Date.now() + 5_000;
  let now = databaseHandles();
  while ((now.ports !== expected.ports || now.sockets !== expected.sockets) && Date.now() < deadline) {
    await sleep(50);
    now = databaseHandles();
  }
  return now;
}

// A start that fails must not leave a jest worker unable to exit ("A worker process has failed to
// exit gracefully"): the refused-configuration suites start apps that fail on purpose. Counted on
// the embedded database only: against MONGODB_URI there is no database thread and the connections
// are TCP sockets, so these counts could not fail.
(process.env.MONGODB_URI ? describe.skip : describe)('createTestApp when the app refuses to start', () => {
  it('before the app is built (a configuration it cannot read): stops the database it started', async () => {
    const before = databaseHandles();
    await expect(createTestApp({ env: { TRUST_PROXY: 'the-proxy' } })).rejects.toThrow(/TRUST_PROXY/);
    expect(await handlesSettledAt(before)).toEqual(before);
  }, 60_000);

  it("while it starts (another key than the database's): closes the app's connections to the database", async () => {
    const outside = databaseHandles();
    const database = await openTestDatabase();
    try {
      // The first start records its key in the database.
      await (await createTestApp({ databaseUri: database.uri })).close();
      const before = await handlesSettledAt({ ...outside, ports: outside.ports + 1 });
      await expect(createTestApp({ databaseUri: database.uri, env: { ENCRYPTION_KEY: randomBytes(32).toString('hex') } })).rejects.toThrow(
        /ENCRYPTION_KEY: not the key this database was set up with/,
      );
      expect(await handlesSettledAt(before)).toEqual(before);
    } finally {
      await database.stop();
    }
  }, 60_000);
});
