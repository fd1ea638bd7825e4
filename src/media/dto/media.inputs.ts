import { Field, ID, InputType } from '@nestjs/graphql';
import { Allow } from 'class-validator';
import { IsNonBlankString, WhenPresent } from '../../common/validation/field-rules';
import { AltTextRules } from './alt-text.rules';
import { MediaMessages } from '../media.errors';
import { FileNameRules, IsUploadContentType, MAX_FILE_NAME_LENGTH, UploadTypeAsText } from './upload-url.rules';

/**
 * Dashboard createUploadUrl, checked by the global pipe: get-upload-url's fields and rules, except
 * that the post group is optional (MediaService checks it is yours) and only image, video and PDF
 * (document) content types are taken (docs/graphql.md).
 */
@InputType()
export class CreateUploadUrlInput {
  @Field({ description: `At most ${MAX_FILE_NAME_LENGTH} characters; sanitised for the storage key` })
  @FileNameRules(IsNonBlankString(MediaMessages.fileAndTypeRequired))
  fileName: string;

  @Field({ description: 'MIME type the PUT must send: image/…, video/… or application/pdf (a document)' })
  @IsUploadContentType()
  @IsNonBlankString(MediaMessages.fileAndTypeRequired)
  contentType: string;

  @Field(() => String, { nullable: true, description: 'image | video | document (a PDF, LinkedIn only): always send it, without it the upload fails' })
  @UploadTypeAsText()
  type?: string | null;

  @Field(() => ID, {
    nullable: true,
    description: 'Attach to this post group of yours (NOT_FOUND otherwise); omit it to attach later with createPost(mediaIds)',
  })
  @Allow()
  postGroupId?: string | null;

  @Field(() => String, {
    nullable: true,
    description: "Alt text for screen readers (setMediaAltText changes it); checked against the group's platforms when postGroupId is given",
  })
  @WhenPresent()
  @AltTextRules()
  altText?: string | null;
}
