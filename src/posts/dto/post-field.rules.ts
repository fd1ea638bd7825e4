import { applyDecorators } from '@nestjs/common';
import { ArrayNotEmpty, IsArray } from 'class-validator';
import {
  EachMatches,
  FieldRule,
  IsNonBlankString,
  IsPlainObject,
  IsPresent,
  IsStringWhere,
  IsWellFormedJson,
  MaxCodePoints,
  ParseJsonString,
} from '../../common/validation/field-rules';
import { forbiddenCharacterIn } from '../content-characters';
import { CREATE_PLATFORM_ID_PATTERN, MAX_CONTENT_LENGTH, parseScheduledTime } from '../post-rules';
import { PostMessages } from '../posts.errors';

/**
 * The post fields' checks, shared by create-post, update-post and the dashboard's edits. Inside
 * `applyDecorators` the checks run in the order listed (first listed, first checked).
 */

/** Present, not blank, at most MAX_CONTENT_LENGTH characters, each of them text (`forbiddenCharacterIn`). */
export const ContentRules = (): PropertyDecorator =>
  applyDecorators(
    IsNonBlankString(PostMessages.contentRequired),
    MaxCodePoints(MAX_CONTENT_LENGTH, PostMessages.contentTooLong(MAX_CONTENT_LENGTH)),
    FieldRule(
      'contentCharacters',
      (value) => typeof value !== 'string' || forbiddenCharacterIn(value) === null,
      (args) => {
        const found = forbiddenCharacterIn(args.value as string)!;
        return (found.kind === 'control' ? PostMessages.contentControlCharacter : PostMessages.contentUnpairedSurrogate)(found.codePoint, found.position);
      },
    ),
  );

/** Compound platform ids, as an array or a JSON string of one; at least one, each `<platform>-<id>`. */
export const PlatformIdsRules = (): PropertyDecorator =>
  applyDecorators(
    ParseJsonString(),
    IsPresent(PostMessages.platformsRequired),
    IsWellFormedJson(PostMessages.invalidPlatformsJson),
    IsArray({ message: PostMessages.platformsNotArray }),
    ArrayNotEmpty({ message: PostMessages.platformRequired }),
    EachMatches(CREATE_PLATFORM_ID_PATTERN, PostMessages.invalidPlatformId),
  );

/** One of the accepted UTC formats (`parseScheduledTime`), a real calendar date. */
export const ScheduledTimeRules = (): PropertyDecorator =>
  IsStringWhere('isScheduledTime', (value) => parseScheduledTime(value) !== null, PostMessages.invalidScheduledTime);

/** An object, or a JSON string of one. */
export const PlatformSettingsRules = (): PropertyDecorator =>
  applyDecorators(ParseJsonString(), IsWellFormedJson(PostMessages.invalidPlatformSettingsJson), IsPlainObject(PostMessages.platformSettingsNotObject));
