// A connection's bytes split into wire messages whatever the chunking, joined once per message
// (not once per chunk), and a length outside the protocol's bounds reported with the messages
// completed before it.
import { MessageFramer } from '../src/wire/protocol';

/** A fake wire message: its int32 length, then `size - 4` bytes of `fill`. */
function message(size: number, fill: number): Buffer {
  const b = Buffer.alloc(size, fill);
  b.writeInt32LE(size, 0);
  return b;
}

function chunked(bytes: Buffer, sizes: number[]): Buffer[] {
  const out: Buffer[] = [];
  let at = 0;
  for (let i = 0; at < bytes.length; i++) {
    const n = sizes[i % sizes.length];
    out.push(bytes.subarray(at, at + n));
    at += n;
  }
  return out;
}

describe('MessageFramer', () => {
  const messages = [message(16, 1), message(21, 2), message(300, 3), message(16, 4), message(5000, 5)];
  const stream = Buffer.concat(messages);

  it.each([
    ['one chunk', [stream.length]],
    ['single bytes', [1]],
    ['3 and 7 bytes (headers split)', [3, 7]],
    ['chunks spanning messages', [40, 1000]],
  ])('yields every message whole and in order: %s', (_name, sizes) => {
    const framer = new MessageFramer(1_000_000);
    const got: Buffer[] = [];
    for (const chunk of chunked(stream, sizes)) {
      const { messages: out, invalidLength } = framer.push(chunk);
      expect(invalidLength).toBeUndefined();
      got.push(...out);
    }
    expect(got.map((m) => m.toString('hex'))).toEqual(messages.map((m) => m.toString('hex')));
  });

  it('joins a large message once, not once per chunk', () => {
    const big = message(4_000_000, 9);
    const framer = new MessageFramer(48_000_000);
    const concat = jest.spyOn(Buffer, 'concat');
    try {
      const out = chunked(big, [65_536]).flatMap((c) => framer.push(c).messages);
      expect(out).toHaveLength(1);
      expect(out[0].equals(big)).toBe(true);
      expect(concat.mock.calls.length).toBeLessThanOrEqual(2);
    } finally {
      concat.mockRestore();
    }
  });

  it('reports a length out of bounds, after the messages completed before it', () => {
    const bad = Buffer.alloc(8);
    bad.writeInt32LE(12, 0);
    const framer = new MessageFramer(1000);
    expect(framer.push(Buffer.concat([message(16, 1), bad]))).toEqual({ messages: [message(16, 1)], invalidLength: 12 });
    const tooBig = Buffer.alloc(4);
    tooBig.writeInt32LE(1001, 0);
    expect(new MessageFramer(1000).push(tooBig)).toEqual({ messages: [], invalidLength: 1001 });
  });
});
