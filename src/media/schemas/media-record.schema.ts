import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Schema as MongooseSchema, Types } from 'mongoose';
import type { MediaType } from '../media-names';

export const MEDIA_STATES = ['pending', 'uploaded', 'failed'] as const;
export type MediaState = (typeof MEDIA_STATES)[number];
export const MEDIA_SOURCES = ['upload-url', 'process-video', 'generate-upload-url', 'url-import'] as const;
export type MediaSource = (typeof MEDIA_SOURCES)[number];

/** What is known of a stored file (spec "Media record"). `format` is kept `unknown` (spec). */
@Schema({ _id: false })
export class MediaMetadata {
  @Prop({ type: Number }) size?: number;
  @Prop({ type: Number }) width?: number;
  @Prop({ type: Number }) height?: number;
  @Prop({ type: Number }) aspectRatio?: number;
  @Prop({ type: String, default: 'unknown' }) format: string;
  @Prop({ type: Number }) frameRate?: number;
  @Prop({ type: String }) codecName?: string;
  @Prop({ type: Number }) bitRate?: number;
  @Prop({ type: Number }) duration?: number;
  /** Server-side video upload only (the pre-signed route keeps it top-level). */
  @Prop({ type: String }) mimeType?: string;
}
const MediaMetadataSchema = SchemaFactory.createForClass(MediaMetadata);

/** A WebP image's JPEG twin, made once for platforms without WebP and kept beside the original. */
@Schema({ _id: false })
export class ConvertedFile {
  @Prop({ type: String, required: true }) fileName: string;
  @Prop({ type: String, required: true }) fileUrl: string;
  @Prop({ type: String, required: true }) mimeType: string;
  @Prop({ type: Number, required: true }) size: number;
}
const ConvertedFileSchema = SchemaFactory.createForClass(ConvertedFile);

/** One media file of a user (and, when it is theirs, of a post group). */
@Schema({ collection: 'media', timestamps: true })
export class MediaRecord {
  @Prop({ type: String, required: true, unique: true })
  mediaId: string;

  @Prop({ type: MongooseSchema.Types.ObjectId, required: true })
  userId: Types.ObjectId;

  /** As sent (ownership not verified, spec); absent for the deprecated dashboard route. */
  @Prop({ type: String })
  postGroupId?: string;

  /** True when postGroupId is the user's own group and the file was attached to it. */
  @Prop({ type: Boolean, default: false })
  attached: boolean;

  @Prop({ type: String })
  uploadUrl?: string;

  @Prop({ type: String, required: true })
  fileUrl: string;

  /** fileUrl without any query string. */
  @Prop({ type: String, required: true })
  urlPure: string;

  /** Content type the upload is bound to (pre-signed routes). */
  @Prop({ type: String })
  mimeType?: string;

  @Prop({ type: Date, required: true })
  addedAt: Date;

  /** Where the driver keeps it: an absolute path (local) or `s3://bucket/key`. */
  @Prop({ type: String, required: true })
  filePath: string;

  /** Storage key. */
  @Prop({ type: String, required: true })
  fileName: string;

  /** `image` | `video` | `document` (a PDF); null when get-upload-url was called without `type` (the upload fails). */
  @Prop({ type: String, default: null })
  type: MediaType | null;

  /** The `type` value as sent when it was not image/video/document (for the upload's error message). */
  @Prop({ type: String })
  requestedType?: string;

  @Prop({ type: String, enum: MEDIA_STATES, default: 'pending' })
  state: MediaState;

  @Prop({ type: String, enum: MEDIA_SOURCES, required: true })
  source: MediaSource;

  /** The driver's `kind`: `local`, `s3` or an extension's. */
  @Prop({ type: String, required: true })
  storageDriver: string;

  /** When the upload URL stops working. */
  @Prop({ type: Date })
  uploadExpiresAt?: Date;

  /** Set atomically by the first PUT that passes the checks: the URL's one use. */
  @Prop({ type: Date })
  uploadClaimedAt?: Date;

  /** process-video: the id answered to the dashboard. */
  @Prop({ type: String })
  sessionId?: string;

  /** Why the upload or processing failed (state failed). */
  @Prop({ type: String })
  error?: string;

  /** Deprecated route: the client's optional metadata object, kept as sent. */
  @Prop({ type: Object })
  clientMetadata?: Record<string, unknown>;

  /** The user's description for screen readers, sent where the platform takes it; absent when none. */
  @Prop({ type: String })
  altText?: string;

  @Prop({ type: MediaMetadataSchema, default: () => ({ format: 'unknown' }) })
  metadata: MediaMetadata;

  @Prop({ type: ConvertedFileSchema })
  converted?: ConvertedFile;

  createdAt: Date;
  updatedAt: Date;
}

export const MediaRecordSchema = SchemaFactory.createForClass(MediaRecord);
MediaRecordSchema.index({ userId: 1, postGroupId: 1, addedAt: 1 });
MediaRecordSchema.index({ state: 1, uploadExpiresAt: 1 });
MediaRecordSchema.index({ fileName: 1 });
MediaRecordSchema.index({ 'converted.fileName': 1 }, { sparse: true });
MediaRecordSchema.index({ userId: 1, sessionId: 1 }, { sparse: true });

/** A media record as repositories return it (plain object). */
export interface MediaRecordData {
  _id: Types.ObjectId;
  mediaId: string;
  userId: Types.ObjectId;
  postGroupId?: string;
  attached: boolean;
  uploadUrl?: string;
  fileUrl: string;
  urlPure: string;
  mimeType?: string;
  addedAt: Date;
  filePath: string;
  fileName: string;
  type: MediaType | null;
  requestedType?: string;
  state: MediaState;
  source: MediaSource;
  storageDriver: string;
  uploadExpiresAt?: Date;
  uploadClaimedAt?: Date;
  sessionId?: string;
  error?: string;
  clientMetadata?: Record<string, unknown>;
  altText?: string;
  metadata: MediaMetadata;
  converted?: ConvertedFile;
  createdAt: Date;
  updatedAt: Date;
}
