import type { Readable } from 'node:stream';

/**
 * Where media files live. Chosen by `STORAGE_DRIVER` (docs/media.md), or supplied by an embedding
 * app (`extensions.storage`, docs/extending.md).
 */
export interface StorageDriver {
  /** Its name, kept on each media record (`storageDriver`): `local`, `s3`, or the extension's own. */
  readonly kind: string;
  /**
   * true: clients upload straight to the store (`createUploadUrl`'s address) and the sweeper finds
   * completed uploads with `stat`; false: uploads and file reads go through this app's signed
   * routes, which store with `putFile` and read with `open`.
   */
  readonly directUploads: boolean;

  /**
   * A pre-signed PUT address for `key`, bound to `contentType` and expiring at `expiresAt`.
   * The local driver signs an address of this app (the media id carries the key); S3 presigns.
   */
  createUploadUrl(input: { mediaId: string; key: string; contentType: string; expiresAt: Date }): Promise<string>;

  /** Public address of the stored file (what platforms fetch). */
  publicUrl(key: string): string;

  /** Stores a file written by the server itself (process-video, converted images). */
  putFile(key: string, sourcePath: string, contentType: string): Promise<{ size: number }>;

  /** Size (and type, when the store knows it) of a stored file; null when it is absent. */
  stat(key: string): Promise<StoredObject | null>;

  /** The file's bytes, optionally a byte range (inclusive end). */
  open(key: string, range?: { start: number; end: number }): Promise<Readable>;

  /**
   * Runs `work` with a path to the file on local disk (the file itself for the local driver, a
   * temporary download for S3), for sharp and ffprobe.
   */
  withLocalFile<T>(key: string, work: (path: string) => Promise<T>): Promise<T>;

  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;

  /** Every stored file with its last modification (orphan sweep). */
  list(): AsyncIterable<{ key: string; lastModified: Date }>;
}

export interface StoredObject {
  size: number;
  contentType?: string;
  lastModified?: Date;
}

/**
 * What an embedding app's driver implements (`extensions.storage`): a store clients upload to
 * directly (`directUploads: true`) gives its own upload and public addresses; a store behind this
 * app (`directUploads: false`) leaves them out, and the app signs its own upload URLs and serves
 * the files at `/media/files/<key>` from the driver.
 */
export type CustomStorageDriver = Omit<StorageDriver, 'createUploadUrl' | 'publicUrl'> & Partial<Pick<StorageDriver, 'createUploadUrl' | 'publicUrl'>>;

/** An embedding app's driver, or null. */
export const CUSTOM_STORAGE_DRIVER = Symbol('CUSTOM_STORAGE_DRIVER');

/** Nest injection token of the configured driver. */
export const STORAGE_DRIVER = Symbol('STORAGE_DRIVER');
