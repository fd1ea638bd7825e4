import { Field, Float, GraphQLISODateTime, ID, Int, ObjectType } from '@nestjs/graphql';
import type { MediaRecordData } from '../schemas/media-record.schema';

/** A media file of a post group (dashboard). */
@ObjectType('Media')
export class MediaModel {
  @Field(() => ID) id: string;
  @Field({ description: 'Public address of the file' }) url: string;
  @Field(() => String, { nullable: true, description: 'image | video | document (null: the upload URL was issued without a type)' }) type: string | null;
  @Field(() => String, { nullable: true }) mimeType: string | null;
  @Field({ description: 'pending (not uploaded yet) | uploaded | failed' }) state: string;
  @Field(() => Float, { nullable: true, description: 'Bytes' }) size: number | null;
  @Field(() => Int, { nullable: true }) width: number | null;
  @Field(() => Int, { nullable: true }) height: number | null;
  @Field(() => Float, { nullable: true, description: 'Seconds (videos)' }) duration: number | null;
  @Field(() => String, { nullable: true }) error: string | null;
  @Field(() => String, { nullable: true, description: 'Description for screen readers, sent where the platform takes it (null: none)' }) altText: string | null;
  @Field(() => GraphQLISODateTime) addedAt: Date;
}

/** createUploadUrl's answer: PUT the file to `uploadUrl` with the same Content-Type. */
@ObjectType('UploadUrl')
export class UploadUrlModel {
  @Field(() => ID) mediaId: string;
  @Field({ description: 'Pre-signed PUT address (one use, UPLOAD_URL_TTL_SECONDS)' }) uploadUrl: string;
  @Field({ description: 'Public address of the file once uploaded' }) fileUrl: string;
}

export function toMediaModel(r: MediaRecordData): MediaModel {
  const m = r.metadata ?? ({} as MediaRecordData['metadata']);
  return {
    id: r.mediaId,
    url: r.fileUrl,
    type: r.type ?? null,
    mimeType: r.mimeType ?? m.mimeType ?? null,
    state: r.state,
    size: m.size ?? null,
    width: m.width ?? null,
    height: m.height ?? null,
    duration: m.duration ?? null,
    error: r.error ?? null,
    altText: r.altText ?? null,
    addedAt: r.addedAt,
  };
}
