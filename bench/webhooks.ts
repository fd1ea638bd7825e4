/**
 * Webhook delivery throughput to a local receiver, beside a raw signed-POST loop measured in the
 * same run (same receiver, same concurrency, no database): the ratio is the cost of the outbox
 * (claim with lease, webhook lookup, secret decryption, attempt bookkeeping). Each side first
 * runs an untimed warm-up of `warmup` requests, long enough for V8 to finish optimising (after a
 * short one, the first timed rounds ran well below the later ones). Then `rounds` pairs: a round
 * of `deliveries` raw POSTs, then a round of `deliveries` outbox deliveries, back to back. The
 * ratio is the median of the pairs' ratios: this host's speed can move by 2× within a minute, so
 * two sides measured a minute apart would compare the minutes more than the code.
 *
 *   node -r @swc-node/register bench/webhooks.ts [deliveries=2000] [concurrency=16] [warmup=20000] [rounds=9]
 */
import { createAccount, createTestApp } from '@test/support';
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebhookDeliveryWorker } from '../src/webhooks/webhook-delivery.worker';
import { WebhooksService } from '../src/webhooks/webhooks.service';
import { applyHeapGrowth } from '../src/common/heap-growth';

const TOTAL = Number(process.argv[2] ?? 2000);
const CONCURRENCY = Number(process.argv[3] ?? 16);
const WEBHOOKS = 10; // the per-user maximum; deliveries to one webhook run one at a time
const WARMUP = Number(process.argv[4] ?? 20000); // untimed, on each side, before the timed rounds
// Nine pairs: single pairs vary widely within one run, and the median of a few rests on one or
// two of them.
const ROUNDS = Number(process.argv[5] ?? 9);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  applyHeapGrowth(); // as `npm start` runs the service (src/main.ts)
  let received = 0;
  let onReceived: () => void = () => undefined;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received++;
      res.end();
      onReceived();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  const until = (n: number) =>
    new Promise<void>((resolve) => {
      onReceived = () => received >= n && resolve();
      if (received >= n) resolve();
    });

  // Baseline: sign + POST in a loop, CONCURRENCY at a time, keep-alive.
  const agent = new http.Agent({ keepAlive: true });
  const body = Buffer.from(
    JSON.stringify({
      event: 'post.published',
      timestamp: new Date().toISOString(),
      data: { postId: 'x', postGroupId: 'y', platform: 'twitter', publishedAt: new Date().toISOString() },
    }),
  );
  const post = () =>
    new Promise<void>((resolve, reject) => {
      const sig = createHmac('sha256', 'whsec_bench').update(body).digest('hex');
      const req = http.request(
        url,
        { method: 'POST', agent, headers: { 'Content-Type': 'application/json', 'Content-Length': body.length, 'X-Service-Signature': sig } },
        (res) => {
          res.resume();
          res.on('end', resolve);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  const loop = async (n: number) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next++ < n) await post();
      }),
    );
  };
  // Both sides get the same untimed warm-up (JIT, keep-alive sockets): 2,000 requests take the
  // raw loop under a second, so a cold start would be a large share of its time.
  await loop(WARMUP);

  // The service: enqueue everything first (worker stopped), then time the drain.
  const t = await createTestApp({
    env: {
      WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOKS_WORKER_ENABLED: 'false',
      // The default idle poll (1 s): a busy worker goes from one delivery to the next by itself, and
      // a shorter poll would only re-read the whole due queue while every receiver is busy.
      WEBHOOKS_DELIVERY_CONCURRENCY: String(CONCURRENCY),
    },
  });
  try {
    const account = await createAccount(t);
    for (let i = 0; i < WEBHOOKS; i++) {
      await t.http
        .post('/api/v1/webhooks')
        .set(account.apiHeaders)
        .send({ name: `b${i}`, url, events: ['post.published'] })
        .expect(201);
    }
    const service = t.app.get(WebhooksService);
    const data = { postId: 'x', postGroupId: 'y', platform: 'twitter', publishedAt: new Date().toISOString() };
    const enqueue = async (events: number) => {
      for (let i = 0; i < events; i += 50) {
        await service.enqueueMany(
          account.userId,
          Array.from({ length: Math.min(50, events - i) }, () => ({ event: 'post.published' as const, data })),
        );
      }
      return events * WEBHOOKS;
    };
    const worker = t.app.get(WebhookDeliveryWorker);
    // The warm-up drain, untimed.
    received = 0;
    const warm = await enqueue(Math.ceil(WARMUP / WEBHOOKS));
    worker.start();
    await until(warm);
    await worker.stop();

    const rawRates: number[] = [];
    const rates: number[] = [];
    const ratios: number[] = [];
    let expected = 0;
    for (let round = 0; round < ROUNDS; round++) {
      received = 0;
      const rawStart = performance.now();
      await loop(TOTAL);
      rawRates.push(TOTAL / ((performance.now() - rawStart) / 1000));

      // The outbox's round: enqueued untimed, then the drain timed.
      received = 0;
      expected = await enqueue(Math.ceil(TOTAL / WEBHOOKS));
      const start = performance.now();
      worker.start();
      await until(expected);
      rates.push(expected / ((performance.now() - start) / 1000));
      await worker.stop();
      // Each delivery arrived exactly once (the worker stopped with nothing in flight).
      if (received !== expected) throw new Error(`round ${round + 1}: ${received} requests arrived for ${expected} deliveries`);
      ratios.push(rates[round] / rawRates[round]);
    }

    const rounds = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ');
    console.log(
      `webhook deliveries: ${expected} to ${WEBHOOKS} webhooks per round, concurrency ${CONCURRENCY}, ${process.env.MONGODB_URI ? 'MONGODB_URI' : 'embedded database'}, ${ROUNDS} pairs of rounds`,
    );
    console.log(`  raw signed POST loop : ${median(rawRates).toFixed(0).padStart(7)} req/s         (median; rounds: ${rounds(rawRates)})`);
    console.log(`  outbox worker        : ${median(rates).toFixed(0).padStart(7)} deliveries/s  (median; rounds: ${rounds(rates)})`);
    console.log(`  outbox / raw, by pair: ${ratios.map((r) => `${(r * 100).toFixed(1)}%`).join(', ')}; median ${(median(ratios) * 100).toFixed(1)}% of raw`);
  } finally {
    await t.close();
    agent.destroy();
    server.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
