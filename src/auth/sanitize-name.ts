/**
 * The HTML-sanitising rule for API key names: remove every `<…>` tag (repeated until none is
 * left, so `<<b>script>` cannot reassemble a tag), then drop any stray `<` or `>`, collapse runs of
 * whitespace to one space and trim. Entities (`&amp;`) are kept as typed.
 */
export function sanitizeName(input: string): string {
  let value = input;
  let previous: string;
  do {
    previous = value;
    value = value.replace(/<[^<>]*>/g, '');
  } while (value !== previous);
  return value.replace(/[<>]/g, '').replace(/\s+/g, ' ').trim();
}

export const DEFAULT_API_KEY_NAME = 'Default';
export const API_KEY_NAME_MAX = 100;
