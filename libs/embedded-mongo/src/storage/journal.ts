// Write-ahead journal with group commit.
//
// Record framing: [u32 payloadLength][u32 crc32(seq + payload)][f64 seq][payload], where the
// payload is one or more concatenated BSON documents (the operations of one write or of one
// whole transaction). Appends are queued synchronously in commit order; a single flusher writes
// everything queued so far with one write + one fdatasync, then resolves every waiter whose
// record is now durable. On recovery a short, torn or corrupt trailing record ends the log and
// is truncated away.
import * as fs from 'node:fs';
import { crc32 } from 'node:zlib';
import { deserialize, serialize } from 'bson';
import { Doc } from '../bson/values';

const HEADER = 16;

export function frameRecord(seq: number, ops: Doc[]): Buffer {
  const parts = ops.map((op) => {
    const b = serialize(op, { checkKeys: false });
    return Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  });
  const payloadLen = parts.reduce((n, p) => n + p.length, 0);
  const buf = Buffer.allocUnsafe(HEADER + payloadLen);
  buf.writeUInt32LE(payloadLen, 0);
  buf.writeDoubleLE(seq, 8);
  let pos = HEADER;
  for (const p of parts) {
    p.copy(buf, pos);
    pos += p.length;
  }
  buf.writeUInt32LE(crc32(buf.subarray(8)), 4);
  return buf;
}

export interface JournalRecord {
  seq: number;
  ops: Doc[];
}

/**
 * Parses records from a buffer; returns them and the byte length of the valid prefix.
 * Documents are deserialized without promotion so their BSON types survive.
 */
export function parseRecords(buf: Buffer): { records: JournalRecord[]; validLength: number } {
  const records: JournalRecord[] = [];
  let pos = 0;
  while (pos + HEADER <= buf.length) {
    const len = buf.readUInt32LE(pos);
    const end = pos + HEADER + len;
    if (end > buf.length) break;
    if (crc32(buf.subarray(pos + 8, end)) !== buf.readUInt32LE(pos + 4)) break;
    const seq = buf.readDoubleLE(pos + 8);
    const ops: Doc[] = [];
    let p = pos + HEADER;
    while (p < end) {
      const size = buf.readInt32LE(p);
      ops.push(deserialize(buf.subarray(p, p + size), { promoteValues: false, bsonRegExp: false }) as Doc);
      p += size;
    }
    records.push({ seq, ops });
    pos = end;
  }
  return { records, validLength: pos };
}

interface Waiter {
  seq: number;
  resolve: () => void;
  reject: (e: Error) => void;
}

export class Journal {
  private fd: number;
  private size: number;
  private queue: Buffer[] = [];
  private queuedSeq = 0;
  private durableSeq = 0;
  private waiters: Waiter[] = [];
  private flushing = false;
  private failed?: Error;
  /** Called after a flush when the journal is larger than the compaction threshold. */
  onLarge?: () => void;

  constructor(
    readonly path: string,
    private readonly compactBytes: number,
    lastSeq: number,
  ) {
    this.fd = fs.openSync(path, 'a+');
    this.size = fs.fstatSync(this.fd).size;
    this.queuedSeq = this.durableSeq = lastSeq;
  }

  get bytes(): number {
    return this.size;
  }

  /** Queues a record; returns its sequence number. Durable once `waitFor(seq)` resolves. */
  append(seq: number, ops: Doc[]): void {
    this.queue.push(frameRecord(seq, ops));
    this.queuedSeq = seq;
    if (!this.flushing) {
      this.flushing = true;
      // Let the current tick queue more records so they share one fsync.
      setImmediate(() => this.flush());
    }
  }

  waitFor(seq: number): Promise<void> {
    if (this.failed) return Promise.reject(this.failed);
    if (seq <= this.durableSeq) return Promise.resolve();
    return new Promise((resolve, reject) => this.waiters.push({ seq, resolve, reject }));
  }

  private flush(): void {
    const bufs = this.queue;
    const upTo = this.queuedSeq;
    this.queue = [];
    const data = bufs.length === 1 ? bufs[0] : Buffer.concat(bufs);
    fs.write(this.fd, data, 0, data.length, null, (err) => {
      if (err) return this.fail(err);
      fs.fdatasync(this.fd, (err2) => {
        if (err2) return this.fail(err2);
        this.size += data.length;
        this.durableSeq = upTo;
        const ready = this.waiters.filter((w) => w.seq <= upTo);
        this.waiters = this.waiters.filter((w) => w.seq > upTo);
        ready.forEach((w) => w.resolve());
        if (this.queue.length) {
          setImmediate(() => this.flush());
        } else {
          this.flushing = false;
          if (this.size > this.compactBytes) this.onLarge?.();
        }
      });
    });
  }

  private fail(err: Error): void {
    this.failed = err;
    this.flushing = false;
    this.waiters.forEach((w) => w.reject(err));
    this.waiters = [];
  }

  /** Resolves when everything queued so far is on disk. */
  async drain(): Promise<void> {
    await this.waitFor(this.queuedSeq);
  }

  get idle(): boolean {
    return !this.flushing && this.queue.length === 0;
  }

  /** Empties the journal (after a snapshot made its contents redundant). Only call when idle. */
  truncate(): void {
    fs.ftruncateSync(this.fd, 0);
    fs.fsyncSync(this.fd);
    this.size = 0;
  }

  close(): void {
    fs.closeSync(this.fd);
  }
}

/** Reads the journal file, truncating a torn tail; returns the intact records. */
export function recoverJournal(path: string): JournalRecord[] {
  if (!fs.existsSync(path)) return [];
  const buf = fs.readFileSync(path);
  const { records, validLength } = parseRecords(buf);
  if (validLength < buf.length) {
    const fd = fs.openSync(path, 'r+');
    fs.ftruncateSync(fd, validLength);
    fs.fsyncSync(fd);
    fs.closeSync(fd);
  }
  return records;
}
