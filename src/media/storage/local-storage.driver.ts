import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { isSafeKey } from '../media-names';
import { uploadSignature } from '../upload-signature';
import type { StorageDriver, StoredObject } from './storage-driver';

/** Path of the public file route and of the signed upload route of this app. */
export const LOCAL_FILES_PATH = '/media/files/';
export const LOCAL_UPLOAD_PATH = '/media/upload/';
const TEMP_DIR = '.tmp';

/**
 * Files under `<DATA_DIR>/media/<key>`. This app is the upload target (signed, expiring,
 * one-time PUT URLs handled by the media upload routes) and serves the files publicly.
 */
export class LocalStorageDriver implements StorageDriver {
  readonly kind = 'local';
  readonly directUploads = false;

  constructor(
    readonly root: string,
    private readonly publicBaseUrl: () => string,
    private readonly signingKey: Buffer,
  ) {}

  async createUploadUrl(input: { mediaId: string; contentType: string; expiresAt: Date }): Promise<string> {
    return signedUploadUrl(this.publicBaseUrl(), this.signingKey, input);
  }

  publicUrl(key: string): string {
    return localFileUrl(this.publicBaseUrl(), key);
  }

  /** Absolute path of a key (refuses anything that is not one of our keys). */
  pathOf(key: string): string {
    if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key.slice(0, 80)}`);
    return join(this.root, ...key.split('/'));
  }

  /** A fresh temp file path on the same file system, so the final move is an atomic rename. */
  async tempPath(): Promise<string> {
    const dir = join(this.root, TEMP_DIR);
    await mkdir(dir, { recursive: true });
    return join(dir, `${Date.now()}-${randomBytes(8).toString('hex')}`);
  }

  /** Moves a complete temp file to its key (atomic on one file system). */
  async commit(tempPath: string, key: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    await rename(tempPath, target);
  }

  async putFile(key: string, sourcePath: string): Promise<{ size: number }> {
    const temp = await this.tempPath();
    try {
      await rename(sourcePath, temp).catch(async () => {
        await copyFile(sourcePath, temp);
        await rm(sourcePath, { force: true });
      });
      await this.commit(temp, key);
    } finally {
      await rm(temp, { force: true });
    }
    return { size: (await stat(this.pathOf(key))).size };
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const s = await stat(this.pathOf(key));
      return s.isFile() ? { size: s.size, lastModified: s.mtime } : null;
    } catch {
      return null;
    }
  }

  async open(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const stream = createReadStream(this.pathOf(key), range ? { start: range.start, end: range.end } : {});
    // Fail here (not on first read) when the file is missing.
    await new Promise<void>((resolve, reject) => {
      stream.once('open', () => resolve());
      stream.once('error', reject);
    });
    return stream;
  }

  withLocalFile<T>(key: string, work: (path: string) => Promise<T>): Promise<T> {
    return work(this.pathOf(key));
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /** Stored files, and stale temp files (their keys start with `.tmp/`). */
  async *list(): AsyncIterable<{ key: string; lastModified: Date }> {
    for await (const path of walk(this.root)) {
      const s = await stat(path).catch(() => null);
      if (s?.isFile()) yield { key: relative(this.root, path).split(sep).join('/'), lastModified: s.mtime };
    }
  }
}

/** `{base}/media/upload/<mediaId>?expires=<unix>&signature=<hmac>` (content type bound by the HMAC). */
/** This app's public address of a stored file. */
export function localFileUrl(publicBaseUrl: string, key: string): string {
  return `${publicBaseUrl}${LOCAL_FILES_PATH}${key.split('/').map(encodeURIComponent).join('/')}`;
}

export function signedUploadUrl(publicBaseUrl: string, signingKey: Buffer, input: { mediaId: string; contentType: string; expiresAt: Date }): string {
  const expires = Math.floor(input.expiresAt.getTime() / 1000);
  const signature = uploadSignature(signingKey, input.mediaId, input.contentType, expires);
  return `${publicBaseUrl}${LOCAL_UPLOAD_PATH}${input.mediaId}?expires=${expires}&signature=${signature}`;
}

async function* walk(dir: string): AsyncIterable<string> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else yield path;
  }
}
