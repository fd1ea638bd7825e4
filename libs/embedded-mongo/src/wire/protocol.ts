// MongoDB wire protocol framing: message header, OP_MSG and legacy OP_QUERY decoding, and
// OP_MSG / OP_REPLY encoding. Only what a modern driver and mongosh send is implemented.
import { deserialize } from 'bson';
import { BSON_SIZE, MAX_USER_SIZE } from '../storage/limits';
import { Doc } from '../bson/values';
import { decodeDoc, encodeReply } from '../bson/codec';

export const OP_REPLY = 1;
export const OP_QUERY = 2004;
export const OP_MSG = 2013;
export const OP_COMPRESSED = 2012;

export const MSG_CHECKSUM_PRESENT = 1 << 0;
export const MSG_MORE_TO_COME = 1 << 1;
export const MSG_EXHAUST_ALLOWED = 1 << 16;

export interface MessageHeader {
  length: number;
  requestId: number;
  responseTo: number;
  opCode: number;
}

export interface IncomingCommand {
  header: MessageHeader;
  /** The command document with any kind-1 document sequences merged in. */
  command: Doc;
  /** OP_MSG flags (0 for OP_QUERY). */
  flags: number;
  legacy: boolean;
  /** OP_QUERY only: the target collection (e.g. "admin.$cmd"). */
  fullCollectionName?: string;
}

/**
 * Splits a connection's bytes into wire messages (each starts with its int32 length). Chunks are
 * kept as they arrive and joined once per message: joining on every chunk copied a large
 * insert's bytes again for each of its chunks (quadratic in its size).
 */
export class MessageFramer {
  private chunks: Buffer[] = [];
  private buffered = 0;

  constructor(private readonly maxMessage: number) {}

  /**
   * The messages completed by `chunk` (none while one is still arriving), and the length of the
   * next one when it is outside [16, the maximum]: the connection cannot be read any further.
   */
  push(chunk: Buffer): { messages: Buffer[]; invalidLength?: number } {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    const messages: Buffer[] = [];
    while (this.buffered >= 4) {
      if (this.chunks[0].length < 4) this.join();
      const len = this.chunks[0].readInt32LE(0);
      if (len < 16 || len > this.maxMessage) return { messages, invalidLength: len };
      if (this.buffered < len) break;
      if (this.chunks[0].length < len) this.join();
      const head = this.chunks[0];
      messages.push(head.subarray(0, len));
      if (head.length === len) this.chunks.shift();
      else this.chunks[0] = head.subarray(len);
      this.buffered -= len;
    }
    return { messages };
  }

  private join(): void {
    this.chunks = [Buffer.concat(this.chunks, this.buffered)];
  }
}

export function readHeader(buf: Buffer, offset = 0): MessageHeader {
  return {
    length: buf.readInt32LE(offset),
    requestId: buf.readInt32LE(offset + 4),
    responseTo: buf.readInt32LE(offset + 8),
    opCode: buf.readInt32LE(offset + 12),
  };
}

function readCString(buf: Buffer, offset: number): [string, number] {
  const end = buf.indexOf(0, offset);
  if (end < 0) throw new Error('unterminated cstring');
  return [buf.toString('utf8', offset, end), end + 1];
}

function tagInlineSizes(documents: unknown[], body: Uint8Array): void {
  const raw = deserialize(body, { fieldsAsRaw: { documents: true } }).documents as unknown[];
  documents.forEach((doc, i) => {
    const size = (raw[i] as Uint8Array | undefined)?.length ?? 0;
    if (size > MAX_USER_SIZE && doc !== null && typeof doc === 'object') (doc as { [BSON_SIZE]?: number })[BSON_SIZE] = size;
  });
}

/** Decodes one complete message (header included). Throws on malformed input. */
export function decodeMessage(msg: Buffer): IncomingCommand {
  const header = readHeader(msg);
  if (header.opCode === OP_MSG) {
    const flags = msg.readUInt32LE(16);
    // The optional CRC-32C trailer is tolerated, not verified (loopback only).
    const end = flags & MSG_CHECKSUM_PRESENT ? msg.length - 4 : msg.length;
    let pos = 20;
    let command: Doc | undefined;
    const sequences: Array<[string, Doc[]]> = [];
    while (pos < end) {
      const kind = msg[pos++];
      if (kind === 0) {
        const size = msg.readInt32LE(pos);
        command = decodeDoc(msg.subarray(pos, pos + size));
        // Only a body over 16 MiB can carry a document over it: remember the sizes for insert.
        if (size > MAX_USER_SIZE && Array.isArray(command.documents)) tagInlineSizes(command.documents, msg.subarray(pos, pos + size));
        pos += size;
      } else if (kind === 1) {
        const size = msg.readInt32LE(pos);
        const sectionEnd = pos + size;
        const [identifier, docStart] = readCString(msg, pos + 4);
        const docs: Doc[] = [];
        let p = docStart;
        while (p < sectionEnd) {
          const dsize = msg.readInt32LE(p);
          const doc = decodeDoc(msg.subarray(p, p + dsize));
          if (dsize > MAX_USER_SIZE) (doc as { [BSON_SIZE]?: number })[BSON_SIZE] = dsize;
          docs.push(doc);
          p += dsize;
        }
        sequences.push([identifier, docs]);
        pos = sectionEnd;
      } else {
        throw new Error(`unknown OP_MSG section kind ${kind}`);
      }
    }
    if (!command) throw new Error('OP_MSG without a body section');
    for (const [id, docs] of sequences) {
      const existing = command[id];
      command[id] = Array.isArray(existing) ? [...existing, ...docs] : docs;
    }
    return { header, command, flags, legacy: false };
  }
  if (header.opCode === OP_QUERY) {
    // flags(4) fullCollectionName(cstring) numberToSkip(4) numberToReturn(4) query [fieldSelector]
    const [fullCollectionName, p] = readCString(msg, 20);
    const qpos = p + 8;
    const size = msg.readInt32LE(qpos);
    let command = decodeDoc(msg.subarray(qpos, qpos + size));
    // Legacy drivers may wrap the command: { $query: {...}, $readPreference: ... }
    if (command.$query && typeof command.$query === 'object') command = command.$query as Doc;
    return { header, command, flags: 0, legacy: true, fullCollectionName };
  }
  throw new Error(`unsupported opCode ${header.opCode}`);
}

let nextRequestId = 1;

function header(length: number, responseTo: number, opCode: number): Buffer {
  const h = Buffer.allocUnsafe(16);
  h.writeInt32LE(length, 0);
  h.writeInt32LE(nextRequestId++ & 0x7fffffff, 4);
  h.writeInt32LE(responseTo, 8);
  h.writeInt32LE(opCode, 12);
  return h;
}

/** OP_MSG reply with a single kind-0 body section. */
export function encodeMsgReply(responseTo: number, body: Doc, flags = 0): Buffer {
  const bson = encodeReply(body);
  const pre = Buffer.allocUnsafe(5);
  pre.writeUInt32LE(flags, 0);
  pre[4] = 0;
  return Buffer.concat([header(16 + 5 + bson.length, responseTo, OP_MSG), pre, bson]);
}

/** OP_REPLY carrying one document (answers to legacy OP_QUERY handshakes). */
export function encodeOpReply(responseTo: number, body: Doc): Buffer {
  const bson = encodeReply(body);
  const pre = Buffer.alloc(20); // responseFlags(4) cursorId(8) startingFrom(4) numberReturned(4)
  pre.writeInt32LE(1, 16);
  return Buffer.concat([header(16 + 20 + bson.length, responseTo, OP_REPLY), pre, bson]);
}
