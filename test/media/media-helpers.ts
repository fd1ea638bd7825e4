import { createAccount, createConnection, type TestApp } from '@test/support';
import sharp from 'sharp';

export type Account = Awaited<ReturnType<typeof createAccount>>;

/** An account (Pro unless told) with one LinkedIn connection, and a draft post of it. */
export async function accountWithDraft(
  t: TestApp,
  options: Parameters<typeof createAccount>[1] = {},
): Promise<{ account: Account; platformId: string; postGroupId: string }> {
  const account = await createAccount(t, options);
  const connection = await createConnection(t, account.userId, { platform: 'linkedin' });
  const postGroupId = await createDraft(t, account, connection.platformId);
  return { account, platformId: connection.platformId, postGroupId };
}

/** A draft through the REST create-post route (no scheduledTime). */
export async function createDraft(t: TestApp, account: Account, platformId: string, content = 'Draft with media'): Promise<string> {
  const res = await t.http
    .post('/api/v1/create-post')
    .set(account.apiHeaders)
    .send({ content, platforms: [platformId] });
  if (res.status !== 200) throw new Error(`create-post failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.postGroupId as string;
}

/** Path and query of an absolute URL (supertest calls the app by its own base). */
export function pathOf(url: string): string {
  const u = new URL(url);
  return u.pathname + u.search;
}

export async function makePng(width = 32, height = 16): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .png()
    .toBuffer();
}

export async function makeWebp(width = 20, height = 10): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .webp()
    .toBuffer();
}

/**
 * A small valid video without ffmpeg: Motion-JPEG frames (made by sharp) in an AVI container
 * written by hand (RIFF: hdrl with avih/strh/strf, movi with `00dc` chunks, idx1).
 */
export async function makeMjpegAvi(options: { width?: number; height?: number; fps?: number; frames?: number } = {}): Promise<Buffer> {
  const width = options.width ?? 64;
  const height = options.height ?? 48;
  const fps = options.fps ?? 10;
  const count = options.frames ?? 10;
  const frames: Buffer[] = [];
  for (let i = 0; i < count; i++) {
    frames.push(
      await sharp({ create: { width, height, channels: 3, background: { r: (i * 25) % 256, g: 80, b: 160 } } })
        .jpeg({ quality: 80 })
        .toBuffer(),
    );
  }
  const u32 = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(n >>> 0);
    return b;
  };
  const u16 = (n: number) => {
    const b = Buffer.alloc(2);
    b.writeUInt16LE(n);
    return b;
  };
  const fourcc = (s: string) => Buffer.from(s, 'latin1');
  const chunk = (id: string, data: Buffer) => Buffer.concat([fourcc(id), u32(data.length), data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
  const list = (type: string, children: Buffer[]) => {
    const body = Buffer.concat([fourcc(type), ...children]);
    return Buffer.concat([fourcc('LIST'), u32(body.length), body]);
  };
  const maxFrame = Math.max(...frames.map((f) => f.length));

  const avih = chunk(
    'avih',
    Buffer.concat([
      u32(Math.round(1_000_000 / fps)), // microseconds per frame
      u32(maxFrame * fps), // max bytes per second
      u32(0), // padding granularity
      u32(0x10), // AVIF_HASINDEX
      u32(count), // total frames
      u32(0), // initial frames
      u32(1), // streams
      u32(maxFrame), // suggested buffer size
      u32(width),
      u32(height),
      Buffer.alloc(16), // reserved
    ]),
  );
  const strh = chunk(
    'strh',
    Buffer.concat([
      fourcc('vids'),
      fourcc('MJPG'),
      u32(0), // flags
      u16(0), // priority
      u16(0), // language
      u32(0), // initial frames
      u32(1), // scale
      u32(fps), // rate (rate / scale = fps)
      u32(0), // start
      u32(count), // length in frames
      u32(maxFrame), // suggested buffer size
      u32(0xffffffff), // quality (default)
      u32(0), // sample size (variable)
      u16(0),
      u16(0),
      u16(width),
      u16(height), // rcFrame
    ]),
  );
  const strf = chunk(
    'strf',
    Buffer.concat([
      u32(40), // BITMAPINFOHEADER size
      u32(width),
      u32(height),
      u16(1), // planes
      u16(24), // bit count
      fourcc('MJPG'),
      u32(width * height * 3),
      u32(0),
      u32(0),
      u32(0),
      u32(0),
    ]),
  );
  const hdrl = list('hdrl', [avih, list('strl', [strh, strf])]);

  const frameChunks = frames.map((f) => chunk('00dc', f));
  const movi = list('movi', frameChunks);
  // idx1 offsets are relative to the `movi` fourcc (4 bytes into the LIST body).
  let offset = 4;
  const entries = frameChunks.map((c, i) => {
    const entry = Buffer.concat([fourcc('00dc'), u32(0x10), u32(offset), u32(frames[i].length)]);
    offset += c.length;
    return entry;
  });
  const idx1 = chunk('idx1', Buffer.concat(entries));

  const riffBody = Buffer.concat([fourcc('AVI '), hdrl, movi, idx1]);
  return Buffer.concat([fourcc('RIFF'), u32(riffBody.length), riffBody]);
}
