import { Readable } from 'node:stream';
import { readAll, readChunks } from './media-bytes';

const stream = () => Readable.from([Buffer.from('abc'), Buffer.from('defgh'), Buffer.from('ij')]);
const item = { open: async () => stream() };

async function collect(chunks: AsyncGenerator<{ offset: number; bytes: Buffer }>): Promise<Array<[number, string]>> {
  const out: Array<[number, string]> = [];
  for await (const { offset, bytes } of chunks) out.push([offset, bytes.toString()]);
  return out;
}

describe('media bytes', () => {
  it('re-cuts a stream into fixed chunks with a short last one', async () => {
    await expect(collect(readChunks(stream(), 4))).resolves.toEqual([
      [0, 'abcd'],
      [4, 'efgh'],
      [8, 'ij'],
    ]);
  });

  it('follows sizes by chunk index', async () => {
    const sizes = [1, 6, 3];
    await expect(collect(readChunks(item, (i) => sizes[i] ?? 100))).resolves.toEqual([
      [0, 'a'],
      [1, 'bcdefg'],
      [7, 'hij'],
    ]);
  });

  it('starts at a byte offset (resumed uploads)', async () => {
    await expect(collect(readChunks(item, 3, 4))).resolves.toEqual([
      [4, 'efg'],
      [7, 'hij'],
    ]);
  });

  it('reads everything from an item or a stream', async () => {
    expect((await readAll(item)).toString()).toBe('abcdefghij');
    expect((await readAll(stream())).toString()).toBe('abcdefghij');
  });
});
