import { Field, ID, InputType } from '@nestjs/graphql';
import { Allow } from 'class-validator';
import { IsNonBlankString } from '../../common/validation/field-rules';
import { MediaMessages } from '../media.errors';
import { FileNameRules, IsMediaContentType, MAX_FILE_NAME_LENGTH, UploadTypeAsText } from './upload-url.rules';

/**
 * Dashboard createUploadUrl, checked by the global pipe: get-upload-url's fields and rules, except
 * that the post group is optional (MediaService checks it is yours) and only image and video types
 * are taken, as the deprecated dashboard route did (docs/graphql.md).
 */
@InputType()
export class CreateUploadUrlInput {
  @Field({ description: `At most ${MAX_FILE_NAME_LENGTH} characters; sanitised for the storage key` })
  @FileNameRules(IsNonBlankString(MediaMessages.fileAndTypeRequired))
  fileName: string;

  @Field({ description: 'MIME type the PUT must send: image/… or video/…' })
  @IsMediaContentType()
  @IsNonBlankString(MediaMessages.fileAndTypeRequired)
  contentType: string;

  @Field(() => String, { nullable: true, description: 'image | video: always send it, without it the upload fails' })
  @UploadTypeAsText()
  type?: string | null;

  @Field(() => ID, {
    nullable: true,
    description: 'Attach to this post group of yours (NOT_FOUND otherwise); omit it to attach later with createPost(mediaIds)',
  })
  @Allow()
  postGroupId?: string | null;
}
