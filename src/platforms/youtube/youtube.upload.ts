import type { MediaItem } from '../platform-adapter';
import { PlatformError } from '../platform-adapter';
import { platformFetch, readJson } from '../platform-http';
import { readChunks, sleep } from '../adapter-kit';
import { classifyYouTubeError, GoogleErrorBody } from './youtube.errors';

const QUARTER_MIB = 256 * 1024;
export const DEFAULT_YOUTUBE_CHUNK = 8 * 1024 * 1024;
/** Interrupted chunks are resumed this many times before giving up. */
const MAX_RESUMES = 3;

export interface ResumableUpload {
  sessionUrl: string;
  accessToken: string;
  item: MediaItem;
  chunkBytes: number;
  timeoutMs: number;
  /** Pause before probing an interrupted session. */
  retryPauseMs: number;
}

/** Chunks must be multiples of 256 KiB (only the last may be shorter). */
export const youtubeChunkSize = (preferred: number): number => Math.max(QUARTER_MIB, Math.floor(preferred / QUARTER_MIB) * QUARTER_MIB);

/** `Range: bytes=0-N` of a 308 answer → next offset N+1 (no header: nothing stored yet). */
export function nextOffsetFromRange(range: string | null): number {
  const m = /bytes=\d+-(\d+)/.exec(range ?? '');
  return m ? Number(m[1]) + 1 : 0;
}

type ChunkAnswer = { done: true; id: string } | { done: false; offset: number };

/**
 * Sends the file to a resumable upload session: PUT chunks with `Content-Range`, each answered
 * 308 with the `Range` stored so far, until the final 200/201 carries the video. After a 5xx,
 * reset or timeout the session is probed with `Content-Range: bytes *\/total` and the upload
 * continues from what Google has. Only the chunk completing the file creates the video, so only
 * its failure leaves the outcome unknown.
 */
export async function uploadResumable(u: ResumableUpload): Promise<string> {
  const total = u.item.size;
  let offset = 0;
  let resumes = 0;
  for (;;) {
    let answer: ChunkAnswer | null = null;
    let interruption: PlatformError | null = null;
    let sentFinal = false;
    try {
      for await (const { offset: start, bytes } of readChunks(u.item, () => u.chunkBytes, offset)) {
        sentFinal = start + bytes.length >= total;
        answer = await putChunk(u, start, bytes);
        if (answer.done || answer.offset !== start + bytes.length) break; // finished, or Google kept less than sent
      }
    } catch (err) {
      if (!(err instanceof PlatformError) || !isResumable(err)) throw finalStep(err, sentFinal);
      interruption = err;
    }
    if (answer?.done) return answer.id;
    if (interruption) {
      if (++resumes > MAX_RESUMES) throw finalStep(interruption, sentFinal);
      await sleep(u.retryPauseMs);
      try {
        answer = await probe(u);
      } catch (err) {
        throw finalStep(err, sentFinal);
      }
      if (answer.done) return answer.id;
    }
    if (!answer) {
      // Everything was sent yet the session never answered with the video.
      throw new PlatformError('PLATFORM_SERVER_ERROR', 'YouTube upload session accepted all bytes but returned no video', {
        retryable: true,
        outcomeUnknown: true,
      });
    }
    offset = answer.offset;
  }
}

const isResumable = (err: PlatformError): boolean => err.code === 'PLATFORM_SERVER_ERROR' || err.code === 'TIMEOUT_ERROR' || err.code === 'NETWORK_ERROR';

/** A failure before the final chunk went out cannot have created the video. */
function finalStep(err: unknown, sentFinal: boolean): unknown {
  if (!(err instanceof PlatformError) || sentFinal || !err.options.outcomeUnknown) return err;
  return new PlatformError(err.code, `${err.message} (upload incomplete, no video created)`, { ...err.options, outcomeUnknown: false });
}

async function putChunk(u: ResumableUpload, start: number, bytes: Buffer): Promise<ChunkAnswer> {
  return answerOf(
    await platformFetch(u.sessionUrl, {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${u.accessToken}`,
        'content-length': String(bytes.length),
        'content-type': u.item.mimeType,
        'content-range': `bytes ${start}-${start + bytes.length - 1}/${u.item.size}`,
      },
      body: bytes,
      timeoutMs: u.timeoutMs,
    }),
  );
}

/** Asks the session how much it has: `Content-Range: bytes *\/total` with an empty body. */
async function probe(u: ResumableUpload): Promise<ChunkAnswer> {
  return answerOf(
    await platformFetch(u.sessionUrl, {
      method: 'PUT',
      headers: { authorization: `Bearer ${u.accessToken}`, 'content-length': '0', 'content-range': `bytes */${u.item.size}` },
      timeoutMs: u.timeoutMs,
    }),
  );
}

async function answerOf(res: Response): Promise<ChunkAnswer> {
  if (res.status === 308) {
    await res.arrayBuffer();
    return { done: false, offset: nextOffsetFromRange(res.headers.get('range')) };
  }
  const body = await readJson<{ id?: string } & GoogleErrorBody>(res);
  if ((res.status === 200 || res.status === 201) && body?.id) return { done: true, id: body.id };
  throw classifyYouTubeError(res.status, res.headers, body);
}
