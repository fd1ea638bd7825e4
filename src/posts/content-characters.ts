/**
 * Characters post content may not hold. JSON carries them as escapes (`"\u0000"`, `"\ud800"`),
 * but none is text a person wrote: a NUL ends strings in C libraries and platform APIs; the other
 * C0 controls (all but tab, line feed and carriage return, which posts use) are terminal escapes,
 * bells and the like; and an unpaired surrogate is not Unicode at all (stored as UTF-8 it would
 * silently become U+FFFD). DEL, the C1 controls and invisible formatting characters (zero-width
 * joiners, direction marks, which emoji and right-to-left text need) are kept.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export interface ForbiddenCharacter {
  kind: 'control' | 'unpaired surrogate';
  /** `U+0000` */
  codePoint: string;
  /** 1-based, counted in characters (code points), as the content length is. */
  position: number;
}

/** The first character `text` may not hold, or null when it has none. */
export function forbiddenCharacterIn(text: string): ForbiddenCharacter | null {
  const match = FORBIDDEN.exec(text);
  if (!match) return null;
  const unit = match[0].charCodeAt(0);
  return {
    kind: unit >= 0xd800 ? 'unpaired surrogate' : 'control',
    codePoint: `U+${unit.toString(16).toUpperCase().padStart(4, '0')}`,
    position: [...text.slice(0, match.index)].length + 1,
  };
}
