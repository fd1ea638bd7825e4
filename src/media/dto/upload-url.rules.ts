import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { Allow, IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { MediaMessages } from '../media.errors';

/**
 * The upload-URL fields' checks, shared by get-upload-url, the deprecated generate-upload-url and
 * the dashboard's createUploadUrl. Inside `applyDecorators` the checks run in the order listed.
 */

export const MAX_FILE_NAME_LENGTH = 255;

/** Present (not absent, null or '') and text; `required` otherwise. */
export const RequiredText = (required: string): PropertyDecorator => applyDecorators(IsNotEmpty({ message: required }), IsString({ message: required }));

/** A file name that passed `presence`, at most 255 characters. */
export const FileNameRules = (presence: PropertyDecorator): PropertyDecorator =>
  applyDecorators(presence, MaxLength(MAX_FILE_NAME_LENGTH, { message: MediaMessages.fileNameTooLong }));

/** A content type of an image or a video (the deprecated route and the dashboard refuse others up front). */
export const IsMediaContentType = (): PropertyDecorator => Matches(/^(image|video)\//, { message: MediaMessages.notImageOrVideo });

/** The dashboard's content types: an image, a video or a PDF (a LinkedIn document). */
export const IsUploadContentType = (): PropertyDecorator => Matches(/^((image|video)\/|application\/pdf(;|$))/i, { message: MediaMessages.notUploadable });

/**
 * get-upload-url's `type`: any value is taken (spec: the URL is issued, and its PUT explains a
 * missing or unknown type), as text for the record's `requestedType`.
 */
export const UploadTypeAsText = (): PropertyDecorator =>
  applyDecorators(
    Transform(({ value }: { value: unknown }) => (value === undefined || value === null ? undefined : String(value))),
    Allow(),
  );
