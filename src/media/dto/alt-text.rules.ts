import { applyDecorators } from '@nestjs/common';
import { MAX_ALT_TEXT_LENGTH } from '@app/rules';
import { IsString } from 'class-validator';
import { FieldRule, MaxCodePoints } from '../../common/validation/field-rules';
import { altTextCharacterProblem } from '../alt-text';
import { MediaMessages } from '../media.errors';

/**
 * An `altText` field's checks (get-upload-url, the alt-text route, the dashboard, MCP): text, at
 * most MAX_ALT_TEXT_LENGTH characters (the longest any platform takes; each group's platforms are
 * checked by the service), and post content's character rule. Checked in the order listed.
 */
export const AltTextRules = (): PropertyDecorator =>
  applyDecorators(
    IsString({ message: MediaMessages.altTextNotString }),
    MaxCodePoints(MAX_ALT_TEXT_LENGTH, MediaMessages.altTextTooLong(MAX_ALT_TEXT_LENGTH)),
    FieldRule(
      'altTextCharacters',
      (value) => typeof value !== 'string' || altTextCharacterProblem(value) === null,
      (args) => altTextCharacterProblem(args.value as string)!,
    ),
  );
