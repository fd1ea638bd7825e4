import { Injectable, type PipeTransform } from '@nestjs/common';
import { ApiError } from '../common/api-error';
import { AuthMessages } from './auth.errors';
import { isObjectIdString } from '../database/object-id';

/** `:keyId` must be a 24-hex id (checked before the body, so the id error comes first). */
@Injectable()
export class KeyIdPipe implements PipeTransform<unknown, string> {
  transform(value: unknown): string {
    if (!isObjectIdString(value)) throw ApiError.badRequest(AuthMessages.invalidKeyId);
    return value;
  }
}
