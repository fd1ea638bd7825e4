import { Field, ID, InputType } from '@nestjs/graphql';
import { Allow } from 'class-validator';

// `@Allow()` keeps each field through the global whitelisting pipe; MediaService checks the values
// with get-upload-url's messages.

@InputType()
export class CreateUploadUrlInput {
  @Field({ description: 'At most 255 characters; sanitised for the storage key' }) @Allow() fileName: string;
  @Field({ description: 'MIME type the PUT must send' }) @Allow() contentType: string;
  @Field(() => String, { nullable: true, description: 'image | video: always send it, without it the upload fails' }) @Allow() type?: string | null;
  @Field(() => ID, {
    nullable: true,
    description: 'Attach to this post group of yours; omit it to attach later with createPost(mediaIds)',
  })
  @Allow()
  postGroupId?: string | null;
}
