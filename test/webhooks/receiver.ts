import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  at: number;
  path: string;
  headers: IncomingHttpHeaders;
  /** The exact bytes received (what the signature covers). */
  raw: Buffer;
  body: { event: string; timestamp: string; data: Record<string, unknown> };
}

export type Behaviour = (req: IncomingMessage, res: ServerResponse) => void;

/** A local webhook receiver: records every request; answers 200 unless told otherwise. */
export interface Receiver {
  url: string;
  port: number;
  requests: ReceivedRequest[];
  behave(b: Behaviour): void;
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

export async function startReceiver(host = '127.0.0.1'): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  let behaviour: Behaviour = (_req, res) => res.end('ok');
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      requests.push({ at: Date.now(), path: req.url ?? '/', headers: req.headers, raw, body: JSON.parse(raw.toString('utf8')) });
      behaviour(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}/hook`,
    port,
    requests,
    behave: (b) => (behaviour = b),
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (requests.length < count) {
        if (Date.now() > deadline) throw new Error(`receiver got ${requests.length} of ${count} requests in ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return requests;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

export async function eventually<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}
