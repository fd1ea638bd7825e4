import { Transform } from 'class-transformer';
import { ValidateBy, ValidateIf, type ValidationArguments } from 'class-validator';

/**
 * Field checks class-validator does not ship, as decorators, for the DTOs of every transport. Each
 * takes the spec's message (a string, or a function of the failing value). See validate-input.ts
 * for the order in which decorators run.
 */

type Message = string | ((args: ValidationArguments) => string);

/**
 * A check of its own: `validate` gets the field's value (and the whole object in `args.object`,
 * for rules across fields); `message` answers when it returns false.
 */
export const FieldRule = (name: string, validate: (value: unknown, args: ValidationArguments) => boolean, message: Message): PropertyDecorator =>
  ValidateBy({ name, validator: { validate, defaultMessage: typeof message === 'function' ? message : () => message } });

/** A string with at least one non-whitespace character. */
export const IsNonBlankString = (message: Message): PropertyDecorator =>
  FieldRule('isNonBlankString', (value) => typeof value === 'string' && value.trim().length > 0, message);

/**
 * At most `max` characters counted as code points (what a person counts; an emoji is one). Only
 * strings longer than `max` UTF-16 units are walked.
 */
export const MaxCodePoints = (max: number, message: Message): PropertyDecorator =>
  FieldRule(
    'maxCodePoints',
    (value) => {
      if (typeof value !== 'string' || value.length <= max) return true;
      let n = 0;
      for (const _ of value) if (++n > max) return false;
      return true;
    },
    message,
  );

/** Present: neither undefined nor null. A rule (not `IsDefined`) so that it keeps its place in the order. */
export const IsPresent = (message: Message): PropertyDecorator => FieldRule('isPresent', (value) => value !== undefined && value !== null, message);

/** The marker a `ParseJsonString` field holds when its string was not JSON. */
export class MalformedJson {
  constructor(readonly text: string) {}
}

/**
 * Fields that accept a value or the same value as a JSON string (create-post's platforms and
 * platformSettings): a string is parsed; text that is not JSON becomes a `MalformedJson` for
 * `IsWellFormedJson` to refuse with its own message.
 */
export const ParseJsonString = (): PropertyDecorator =>
  Transform(({ value }) => {
    if (typeof value !== 'string') return value;
    try {
      const parsed = JSON.parse(value) as unknown;
      // "null" keeps its text: a field sent as that string is the wrong type, not absent.
      return parsed === null ? value : parsed;
    } catch {
      return new MalformedJson(value);
    }
  });

export const IsWellFormedJson = (message: Message): PropertyDecorator => FieldRule('isWellFormedJson', (value) => !(value instanceof MalformedJson), message);

/** A JSON object (not an array, not null). */
export const IsPlainObject = (message: Message): PropertyDecorator =>
  FieldRule('isPlainObject', (value) => typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof MalformedJson), message);

/** Every item is a string matching `pattern`; `message` gets the first item that does not. */
export const EachMatches = (pattern: RegExp, message: (item: string) => string): PropertyDecorator =>
  FieldRule(
    'eachMatches',
    (value) => !Array.isArray(value) || value.every((item) => typeof item === 'string' && pattern.test(item)),
    (args) => {
      const items = args.value as unknown[];
      const bad = items.find((item) => typeof item !== 'string' || !pattern.test(item));
      return message(String(bad));
    },
  );

/** Checks the field only when it carries a value: undefined, null and '' count as absent. */
export const WhenGiven = (): PropertyDecorator => ValidateIf((_object: unknown, value: unknown) => value !== undefined && value !== null && value !== '');

/** Checks the field only when it is truthy (update-post: empty string, null, 0 and false count as absent). */
export const WhenTruthy = (): PropertyDecorator => ValidateIf((_object: unknown, value: unknown) => !!value);

/** Checks the field only when it is neither undefined nor null (the dashboard's partial edits). */
export const WhenPresent = (): PropertyDecorator => ValidateIf((_object: unknown, value: unknown) => value !== undefined && value !== null);

/** A string `check` accepts (for formats with their own parser, such as the scheduled time). */
export const IsStringWhere = (name: string, check: (value: string) => boolean, message: Message): PropertyDecorator =>
  FieldRule(name, (value) => typeof value === 'string' && check(value), message);

/** One of `values` when truthy; a falsy value counts as absent (update-post's status). */
export const IsOneOfIfTruthy = (values: readonly unknown[], message: Message): PropertyDecorator =>
  FieldRule('isOneOfIfTruthy', (value) => !value || values.includes(value), message);

/** At least one of `fields` (this one among them) is truthy: a rule across fields, on the first of them. */
export const RequiresAnyOf = (fields: readonly string[], message: Message): PropertyDecorator =>
  FieldRule('requiresAnyOf', (_value, args) => fields.some((field) => !!(args.object as Record<string, unknown>)[field]), message);
