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
import { contentOverridesProblem, firstCommentPlatformsProblem, firstCommentTextProblem, platformOf } from '../rich-post-rules';

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

/** The chosen platform ids of a body being checked, when they are well-formed (else their own rule answers). */
function chosenPlatformIds(object: object): string[] | null {
  const platforms = (object as { platforms?: unknown }).platforms;
  return Array.isArray(platforms) && platforms.every((p) => typeof p === 'string' && CREATE_PLATFORM_ID_PATTERN.test(p)) ? (platforms as string[]) : null;
}

/**
 * `contentOverrides`: an object (or a JSON string of one) from a compound id or a platform name to
 * that account's text, each text checked as `content` is. `checkKeys`: each key must name one of
 * the body's `platforms` (create-post); update-post checks keys against the group's posts instead.
 */
export const ContentOverridesRules = (options: { checkKeys: boolean }): PropertyDecorator =>
  applyDecorators(
    ParseJsonString(),
    IsWellFormedJson(PostMessages.invalidContentOverridesJson),
    IsPlainObject(PostMessages.contentOverridesNotObject),
    FieldRule(
      'contentOverrides',
      (value, args) =>
        contentOverridesProblem(value as Record<string, unknown>, options.checkKeys ? chosenPlatformIds(args.object) : null, MAX_CONTENT_LENGTH) === null,
      (args) => contentOverridesProblem(args.value as Record<string, unknown>, options.checkKeys ? chosenPlatformIds(args.object) : null, MAX_CONTENT_LENGTH)!,
    ),
  );

/**
 * `firstComment`: its own text rules; with `checkPlatforms` (create-post) also the body's
 * platforms: each must take a comment, and the comment must fit each one's text limit.
 */
export const FirstCommentRules = (options: { checkPlatforms: boolean }): PropertyDecorator =>
  applyDecorators(
    FieldRule(
      'firstCommentText',
      (value) => firstCommentTextProblem(value) === null,
      (args) => firstCommentTextProblem(args.value)!,
    ),
    FieldRule(
      'firstCommentPlatforms',
      (value, args) => {
        const ids = options.checkPlatforms ? chosenPlatformIds(args.object) : null;
        return !ids || typeof value !== 'string' || firstCommentPlatformsProblem(value, ids.map(platformOf)) === null;
      },
      (args) => firstCommentPlatformsProblem(args.value as string, chosenPlatformIds(args.object)!.map(platformOf))!,
    ),
  );
