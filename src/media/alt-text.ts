import { codePointLength, PLATFORM_CONTENT_RULES, type PlatformContentRules, type PlatformName } from '@app/rules';
import { forbiddenCharacterIn } from '../posts/content-characters';
import { MediaMessages } from './media.errors';

/**
 * Alt text as stored: surrounding whitespace trimmed; nothing left means none (the field is
 * removed), so "" clears it.
 */
export function normalizeAltText(altText: string | null | undefined): string | undefined {
  const trimmed = altText?.trim();
  return trimmed ? trimmed : undefined;
}

/** The characters alt text may not hold: post content's rule (`forbiddenCharacterIn`). */
export function altTextCharacterProblem(altText: string): string | null {
  const found = forbiddenCharacterIn(altText);
  if (!found) return null;
  return (found.kind === 'control' ? MediaMessages.altTextControlCharacter : MediaMessages.altTextUnpairedSurrogate)(found.codePoint, found.position);
}

/**
 * The first of these platforms (a group's chosen ones) whose alt text limit this text exceeds:
 * `altText is too long for Pinterest (612/500 characters)`. Platforms without alt text are skipped.
 */
export function altTextLimitProblem(altText: string | undefined, platforms: readonly string[]): string | null {
  if (!altText) return null;
  const length = codePointLength(altText);
  for (const name of platforms) {
    const rules = PLATFORM_CONTENT_RULES[name as PlatformName] as PlatformContentRules | undefined;
    if (rules?.maxAltTextLength !== undefined && length > rules.maxAltTextLength)
      return MediaMessages.altTextTooLongFor(rules.label, length, rules.maxAltTextLength);
  }
  return null;
}
