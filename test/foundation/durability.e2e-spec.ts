import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAppProcess } from './app-process';

/**
 * The embedded database's durability promise (libs/embedded-mongo/README.md), end to end: writes
 * acknowledged by the app (201 from POST /auth/register) survive a kill -9 of the app, embedded
 * database and all.
 */
describe('a kill -9 of the app during a stream of acknowledged writes', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'sps-kill-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('loses none of them', async () => {
    // Dozens of sign-ups from one address: the sign-up limit is off here.
    const env = { DATA_DIR: dataDir, PORT: '0', DEMO_ACCOUNT: 'false', SIGNUP_LIMIT_PER_HOUR: '0' };
    const first = startAppProcess(env);
    const baseUrl = await first.listening;

    const acknowledged: string[] = [];
    let stop = false;
    // Four writers keep requests in flight so the kill lands mid-stream.
    const writers = Array.from({ length: 4 }, async (_, w) => {
      for (let i = 0; !stop; i++) {
        const email = `writer${w}-${i}@example.com`;
        try {
          const res = await fetch(`${baseUrl}/auth/register`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email, password: 'correct horse battery' }),
          });
          if (res.status === 201) acknowledged.push(email);
        } catch {
          return; // the process is gone
        }
      }
    });
    while (acknowledged.length < 40) await new Promise((r) => setTimeout(r, 20));
    first.child.kill('SIGKILL');
    stop = true;
    await Promise.all(writers);
    await first.exited;

    const second = startAppProcess(env);
    const restartedUrl = await second.listening;
    try {
      const missing: string[] = [];
      for (const email of acknowledged) {
        const res = await fetch(`${restartedUrl}/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: 'correct horse battery' }),
        });
        if (res.status !== 200) missing.push(`${email}: ${res.status}`);
      }
      expect(missing).toEqual([]);
      expect(acknowledged.length).toBeGreaterThanOrEqual(40);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  }, 120_000);
});
