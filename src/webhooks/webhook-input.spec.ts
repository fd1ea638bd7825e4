import { WebhookRuleError } from './webhooks.errors';
import { planApiUpdate, planDashboardUpdate, validateNewWebhook } from './webhook-input';

const rules = { variant: 'api' as const, allowPrivateTargets: false };
const dash = { variant: 'dashboard' as const, allowPrivateTargets: false };
const VALID = 'post.scheduled, post.published, post.failed, token.expiring';

function messageOf(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(WebhookRuleError);
    return (err as WebhookRuleError).message;
  }
  throw new Error('did not throw');
}

describe('validateNewWebhook', () => {
  const ok = { name: 'n', url: 'https://example.com/h', events: ['post.published'] };

  it('returns the fields, events de-duplicated', () => {
    expect(validateNewWebhook({ ...ok, events: ['post.failed', 'post.failed'] }, rules)).toEqual({ ...ok, events: ['post.failed'] });
  });

  it.each([
    [undefined],
    [{}],
    [{ ...ok, name: '' }],
    [{ ...ok, name: 5 }],
    [{ ...ok, url: '' }],
    [{ ...ok, events: [] }],
    [{ ...ok, events: 'post.published' }],
    [{ ...ok, events: undefined }],
  ])('requires name, url and events: %j', (input) =>
    expect(messageOf(() => validateNewWebhook(input, rules))).toBe('Name, URL, and at least one event are required'),
  );

  it('checks the URL format before the events, the events before the destination', () => {
    expect(messageOf(() => validateNewWebhook({ ...ok, url: 'nope', events: ['x'] }, rules))).toBe('Invalid URL format');
    expect(messageOf(() => validateNewWebhook({ ...ok, url: 'http://localhost', events: ['x'] }, rules))).toBe(`Invalid events: x. Valid events: ${VALID}`);
    expect(messageOf(() => validateNewWebhook({ ...ok, url: 123 }, rules))).toBe('Invalid URL format');
  });

  it('lists every invalid event, comma+space joined', () => {
    expect(messageOf(() => validateNewWebhook({ ...ok, events: ['post.published', 'a', 'b.c', 7] }, rules))).toBe(
      `Invalid events: a, b.c, 7. Valid events: ${VALID}`,
    );
  });

  it('applies the destination rules', () => {
    expect(messageOf(() => validateNewWebhook({ ...ok, url: 'ftp://example.com' }, rules))).toBe('URL must use HTTPS');
    expect(messageOf(() => validateNewWebhook({ ...ok, url: 'http://10.1.1.1' }, rules))).toBe('Private IP addresses are not allowed');
    expect(validateNewWebhook({ ...ok, url: 'http://[::1]/' }, rules).url).toBe('http://[::1]/');
    expect(messageOf(() => validateNewWebhook({ ...ok, url: 'http://[::1]/' }, dash))).toBe('Localhost URLs are not allowed');
  });
});

describe('planApiUpdate', () => {
  it('applies name, url, events when truthy and isActive when boolean', () => {
    expect(planApiUpdate({ name: 'x', url: 'https://a.example/', events: ['token.expiring'], isActive: false }, rules)).toEqual({
      name: 'x',
      url: 'https://a.example/',
      events: ['token.expiring'],
      isActive: false,
    });
  });

  it('ignores empty strings, empty event lists and non-boolean isActive', () => {
    expect(planApiUpdate({ name: '', url: '', events: [], isActive: 'false' }, rules)).toEqual({});
    expect(planApiUpdate({ isActive: 1 }, rules)).toEqual({});
    expect(planApiUpdate(undefined, rules)).toEqual({});
  });

  it('never resets failureCount', () => {
    expect(planApiUpdate({ isActive: true }, rules)).toEqual({ isActive: true });
  });

  it('reports invalid events without the valid list', () => {
    expect(messageOf(() => planApiUpdate({ events: ['post.published', 'nope', 'x'] }, rules))).toBe('Invalid events: nope, x');
    expect(messageOf(() => planApiUpdate({ events: 'nope' }, rules))).toBe('Invalid events: nope');
  });

  it('checks a new url', () => {
    expect(messageOf(() => planApiUpdate({ url: 'bad' }, rules))).toBe('Invalid URL format');
    expect(messageOf(() => planApiUpdate({ url: 'http://169.254.169.254/' }, rules))).toBe('Cloud metadata endpoints are not allowed');
  });
});

describe('planDashboardUpdate', () => {
  it('applies an empty name, rejects an empty url and empty events', () => {
    expect(planDashboardUpdate({ name: '' }, dash)).toEqual({ name: '' });
    expect(messageOf(() => planDashboardUpdate({ url: '' }, dash))).toBe('Invalid URL format');
    expect(messageOf(() => planDashboardUpdate({ events: [] }, dash))).toBe('Name, URL, and at least one event are required');
    expect(messageOf(() => planDashboardUpdate({ events: '' }, dash))).toBe('Name, URL, and at least one event are required');
  });

  it('re-enabling resets failureCount; form strings are accepted for isActive', () => {
    expect(planDashboardUpdate({ isActive: true }, dash)).toEqual({ isActive: true, resetFailureCount: true });
    expect(planDashboardUpdate({ isActive: 'true' }, dash)).toEqual({ isActive: true, resetFailureCount: true });
    expect(planDashboardUpdate({ isActive: 'false' }, dash)).toEqual({ isActive: false });
    expect(planDashboardUpdate({ isActive: '' }, dash)).toEqual({});
  });

  it('blocks ::1 and .localhost', () => {
    expect(messageOf(() => planDashboardUpdate({ url: 'http://x.localhost/' }, dash))).toBe('Localhost URLs are not allowed');
  });
});
