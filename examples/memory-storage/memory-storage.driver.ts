import { Injectable } from '@nestjs/common';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { CustomStorageDriver, StoredObject } from 'social-post-scheduler';

interface StoredFile {
  bytes: Buffer;
  contentType: string;
  lastModified: Date;
}

/**
 * Media kept in the process's memory, behind this app: uploads come through the service's signed
 * upload URLs and files are served at its `/media/files/` route, from here. A stand-in for any
 * store an organisation already runs (a database's blob store, an internal object service);
 * nothing survives a restart, so it suits tests and demos only.
 */
@Injectable()
export class MemoryStorageDriver implements CustomStorageDriver {
  readonly kind = 'memory';
  readonly directUploads = false;
  readonly files = new Map<string, StoredFile>();

  async putFile(key: string, sourcePath: string, contentType: string): Promise<{ size: number }> {
    const bytes = await readFile(sourcePath);
    this.files.set(key, { bytes, contentType, lastModified: new Date() });
    return { size: bytes.length };
  }

  async stat(key: string): Promise<StoredObject | null> {
    const file = this.files.get(key);
    return file ? { size: file.bytes.length, contentType: file.contentType, lastModified: file.lastModified } : null;
  }

  async open(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const file = this.files.get(key);
    if (!file) throw new Error(`No stored file ${key}`);
    return Readable.from([range ? file.bytes.subarray(range.start, range.end + 1) : file.bytes]);
  }

  /** sharp and ffprobe read files: a temporary copy, removed after `work`. */
  async withLocalFile<T>(key: string, work: (path: string) => Promise<T>): Promise<T> {
    const file = this.files.get(key);
    if (!file) throw new Error(`No stored file ${key}`);
    const dir = await mkdtemp(join(tmpdir(), 'memory-storage-'));
    try {
      const path = join(dir, 'file');
      await writeFile(path, file.bytes);
      return await work(path);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  async delete(key: string): Promise<void> {
    this.files.delete(key);
  }

  async *list(): AsyncIterable<{ key: string; lastModified: Date }> {
    for (const [key, file] of this.files) yield { key, lastModified: file.lastModified };
  }
}
