import { normalizeReturnTo, returnUrl } from './return-to';

describe('normalizeReturnTo', () => {
  it('defaults to /connections and keeps same-origin paths with their query', () => {
    expect(normalizeReturnTo(undefined)).toBe('/connections');
    expect(normalizeReturnTo('  ')).toBe('/connections');
    expect(normalizeReturnTo('/settings/channels?tab=x#top')).toBe('/settings/channels?tab=x#top');
  });

  it.each(['//evil.example', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', 'connections', '/a\nb', `/${'a'.repeat(2100)}`])(
    'refuses %j',
    (value) => expect(normalizeReturnTo(value)).toBeNull(),
  );
});

describe('returnUrl', () => {
  it('adds the outcome to the path on the public origin, keeping its own query', () => {
    expect(returnUrl('https://app.example', '/settings?tab=x', { error: 'access_denied', message: 'X access was not granted' })).toBe(
      'https://app.example/settings?tab=x&error=access_denied&message=X+access+was+not+granted',
    );
  });
});
