// A minimal wire-protocol client for tests that need exact control over what is sent
// (explicit lsid/txnNumber, legacy OP_QUERY, flag bits) — the driver would add its own fields.
import * as net from 'node:net';
import { deserialize, Document, serialize, UUID } from 'bson';

export class RawClient {
  private buf = Buffer.alloc(0);
  private waiters: Array<(msg: Buffer) => void> = [];
  private requestId = 1;

  private constructor(private readonly socket: net.Socket) {
    socket.on('data', (chunk) => {
      this.buf = Buffer.concat([this.buf, chunk]);
      while (this.buf.length >= 4 && this.buf.length >= this.buf.readInt32LE(0)) {
        const len = this.buf.readInt32LE(0);
        const msg = this.buf.subarray(0, len);
        this.buf = this.buf.subarray(len);
        this.waiters.shift()?.(msg);
      }
    });
  }

  static connect(port: number): Promise<RawClient> {
    return new Promise((resolve, reject) => {
      const s = net.connect(port, '127.0.0.1', () => resolve(new RawClient(s)));
      s.once('error', reject);
    });
  }

  private next(): Promise<Buffer> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private header(len: number, opCode: number): Buffer {
    const h = Buffer.alloc(16);
    h.writeInt32LE(len, 0);
    h.writeInt32LE(this.requestId++, 4);
    h.writeInt32LE(0, 8);
    h.writeInt32LE(opCode, 12);
    return h;
  }

  /** Sends an OP_MSG; returns the reply body, or undefined when moreToCome (no reply). */
  async msg(body: Document, opts: { flags?: number; sequences?: Record<string, Document[]>; checksum?: boolean } = {}): Promise<Document | undefined> {
    const parts: Buffer[] = [Buffer.from([0]), Buffer.from(serialize(body))];
    for (const [id, docs] of Object.entries(opts.sequences ?? {})) {
      const payload = Buffer.concat([Buffer.from(id + '\0'), ...docs.map((d) => Buffer.from(serialize(d)))]);
      const size = Buffer.alloc(4);
      size.writeInt32LE(payload.length + 4);
      parts.push(Buffer.from([1]), size, payload);
    }
    let flags = opts.flags ?? 0;
    if (opts.checksum) flags |= 1;
    const flagBuf = Buffer.alloc(4);
    flagBuf.writeUInt32LE(flags >>> 0);
    const trailer = opts.checksum ? Buffer.alloc(4) : Buffer.alloc(0);
    const content = Buffer.concat([flagBuf, ...parts, trailer]);
    const reply = flags & 2 ? undefined : this.next();
    this.socket.write(Buffer.concat([this.header(16 + content.length, 2013), content]));
    if (!reply) return undefined;
    const msg = await reply;
    return deserialize(msg.subarray(21), { promoteLongs: false });
  }

  /** Legacy OP_QUERY against <db>.$cmd; returns the OP_REPLY document. */
  async query(db: string, body: Document): Promise<{ opCode: number; doc: Document }> {
    const content = Buffer.concat([
      Buffer.alloc(4),
      Buffer.from(`${db}.$cmd\0`),
      Buffer.from([0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff]),
      Buffer.from(serialize(body)),
    ]);
    const reply = this.next();
    this.socket.write(Buffer.concat([this.header(16 + content.length, 2004), content]));
    const msg = await reply;
    return { opCode: msg.readInt32LE(12), doc: deserialize(msg.subarray(36)) };
  }

  close(): void {
    this.socket.destroy();
  }
}

export function newLsid(): Document {
  return { id: new UUID() };
}
