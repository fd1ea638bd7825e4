import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { StorageDriver, StoredObject } from './storage-driver';

export interface S3DriverOptions {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  publicBaseUrl?: string;
}

/**
 * Any S3-compatible store (AWS, MinIO, R2, …) through the AWS SDK v3. Clients upload straight to
 * the store with a presigned PUT (the content type is a signed header, so another type is refused
 * by the store); the app learns of completion by HEAD-ing the object (docs/media.md).
 */
export class S3StorageDriver implements StorageDriver {
  readonly kind = 's3';
  readonly directUploads = true;
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly publicBase: string;

  constructor(options: S3DriverOptions) {
    this.bucket = options.bucket;
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: options.accessKeyId && options.secretAccessKey ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } : undefined,
      // Only when an operation needs them: the newer default checksum headers are not understood
      // by every S3-compatible store, and a presigned PUT must not demand one from the client.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    this.publicBase = (options.publicBaseUrl ?? defaultPublicBase(options)).replace(/\/+$/, '');
    // Path-style bucket requests (list) go to `/bucket`, not `/bucket/`: both mean the same to
    // S3, but some compatible servers (s3rver) sign the path without the slash. Before signing.
    const bucketRoot = `/${this.bucket}/`;
    this.client.middlewareStack.add(
      (next) => async (args) => {
        const request = args.request as { path?: string };
        if (request?.path === bucketRoot) request.path = bucketRoot.slice(0, -1);
        return next(args);
      },
      { step: 'build', name: 'bucketRootWithoutSlash' },
    );
  }

  createUploadUrl(input: { key: string; contentType: string; expiresAt: Date }): Promise<string> {
    const expiresIn = Math.max(1, Math.round((input.expiresAt.getTime() - Date.now()) / 1000));
    return getSignedUrl(this.client, new PutObjectCommand({ Bucket: this.bucket, Key: input.key, ContentType: input.contentType }), {
      expiresIn,
      // Content-Type is a signed header: a PUT with another type fails the store's signature check.
      signableHeaders: new Set(['content-type']),
    });
  }

  publicUrl(key: string): string {
    return `${this.publicBase}/${key.split('/').map(encodeURIComponent).join('/')}`;
  }

  async putFile(key: string, sourcePath: string, contentType: string): Promise<{ size: number }> {
    const { size } = await stat(sourcePath);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: createReadStream(sourcePath),
        ContentLength: size,
        ContentType: contentType,
      }),
    );
    await rm(sourcePath, { force: true });
    return { size };
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: Number(head.ContentLength ?? 0), contentType: head.ContentType, lastModified: head.LastModified };
    } catch (err) {
      const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
      if (e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404) return null;
      throw err;
    }
  }

  async open(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
    return out.Body as Readable;
  }

  async withLocalFile<T>(key: string, work: (path: string) => Promise<T>): Promise<T> {
    const path = join(tmpdir(), `sps-media-${randomBytes(8).toString('hex')}`);
    try {
      await pipeline(await this.open(key), createWriteStream(path));
      return await work(path);
    } finally {
      await rm(path, { force: true });
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async *list(): AsyncIterable<{ key: string; lastModified: Date }> {
    // ListObjects (v1, marker paging): understood by every S3-compatible store, s3rver included.
    let marker: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsCommand({ Bucket: this.bucket, Marker: marker }));
      const contents = page.Contents ?? [];
      for (const o of contents) {
        if (o.Key) yield { key: o.Key, lastModified: o.LastModified ?? new Date(0) };
      }
      marker = page.IsTruncated ? (page.NextMarker ?? contents[contents.length - 1]?.Key) : undefined;
    } while (marker);
  }
}

function defaultPublicBase(o: S3DriverOptions): string {
  if (o.endpoint) {
    const endpoint = o.endpoint.replace(/\/+$/, '');
    if (o.forcePathStyle) return `${endpoint}/${o.bucket}`;
    const url = new URL(endpoint);
    return `${url.protocol}//${o.bucket}.${url.host}`;
  }
  return `https://${o.bucket}.s3.${o.region}.amazonaws.com`;
}
