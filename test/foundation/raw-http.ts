import { connect, type Socket } from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * One HTTP/1.1 connection driven byte by byte, for what a well-behaved client never does: stop
 * halfway through a request, or send it a few bytes at a time.
 */
export class RawHttpConnection {
  private received = Buffer.alloc(0);
  private readonly opened = Date.now();
  /** Milliseconds from opening to the server's close, once it has closed. */
  closedAt: number | null = null;
  private readonly waiters = new Set<() => void>();

  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.received = Buffer.concat([this.received, chunk]);
      this.wake();
    });
    socket.on('close', () => {
      this.closedAt = Date.now() - this.opened;
      this.wake();
    });
    socket.on('error', () => undefined);
  }

  static open(baseUrl: string): Promise<RawHttpConnection> {
    const { hostname, port } = new URL(baseUrl);
    return new Promise((resolve, reject) => {
      const socket = connect({ host: hostname, port: Number(port) }, () => resolve(new RawHttpConnection(socket)));
      socket.once('error', reject);
    });
  }

  /** Writes each part in turn, waiting `pauseMs` between them. */
  async send(parts: Array<string | Buffer>, pauseMs = 0): Promise<void> {
    for (const [i, part] of parts.entries()) {
      if (i > 0 && pauseMs) await new Promise((r) => setTimeout(r, pauseMs));
      if (this.socket.destroyed) return;
      this.socket.write(part);
    }
  }

  /** The next complete response (by Content-Length), or null when none came within `withinMs`. */
  async response(withinMs: number): Promise<RawResponse | null> {
    return this.until(() => this.takeResponse(), withinMs);
  }

  /** Milliseconds since `since` (a `Date.now()`) until the server closed, or null if it is still open after `withinMs`. */
  async closed(since: number, withinMs: number): Promise<number | null> {
    const at = await this.until(() => (this.closedAt === null ? null : this.opened + this.closedAt), withinMs);
    return at === null ? null : at - since;
  }

  end(): void {
    this.socket.destroy();
  }

  private takeResponse(): RawResponse | null {
    const headEnd = this.received.indexOf('\r\n\r\n');
    if (headEnd < 0) return null;
    const [statusLine, ...lines] = this.received.subarray(0, headEnd).toString('latin1').split('\r\n');
    const headers = Object.fromEntries(
      lines.map((line) => {
        const colon = line.indexOf(':');
        return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
      }),
    );
    const length = Number(headers['content-length'] ?? 0);
    if (this.received.length < headEnd + 4 + length) return null;
    const body = this.received.subarray(headEnd + 4, headEnd + 4 + length).toString('utf8');
    this.received = this.received.subarray(headEnd + 4 + length);
    return { status: Number(statusLine.split(' ')[1]), headers, body };
  }

  private async until<T>(check: () => T | null, withinMs: number): Promise<T | null> {
    const deadline = Date.now() + withinMs;
    for (;;) {
      const value = check();
      if (value !== null) return value;
      const left = deadline - Date.now();
      // Nothing more arrives once the server has closed.
      if (left <= 0 || this.closedAt !== null) return check();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, left);
        const waiters = this.waiters;
        function done() {
          clearTimeout(timer);
          waiters.delete(done);
          resolve();
        }
        this.waiters.add(done);
      });
    }
  }

  private wake(): void {
    for (const waiter of [...this.waiters]) waiter();
  }
}

/** A request head: the request line, the headers given, and the blank line. */
export function requestHead(method: string, path: string, headers: Record<string, string | number>): string {
  const lines = [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1', ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
  return `${lines.join('\r\n')}\r\n\r\n`;
}
