import { sanitizeName } from './sanitize-name';

describe('sanitizeName', () => {
  it.each([
    ['Production', 'Production'],
    ['<b>Bold</b> key', 'Bold key'],
    ['<script>alert(1)</script>x', 'alert(1)x'],
    ['<<b>script>evil', 'evil'],
    ['a < b > c', 'a c'],
    ['  spaced   out  ', 'spaced out'],
    ['Tom &amp; Jerry', 'Tom &amp; Jerry'],
    ['<img src=x onerror=alert(1)>', ''],
    ['<p></p>', ''],
  ])('%j → %j', (input, output) => expect(sanitizeName(input)).toBe(output));
});
