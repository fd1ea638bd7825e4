import { messageOf } from '@test/support/refusals';
import { validateInput } from '../../common/validation/validate-input';
import { CreateWebhookDto, DashboardUpdateWebhookDto, UpdateWebhookDto } from './webhook.dto';

const VALID = 'post.scheduled, post.published, post.failed, token.expiring';

const create = (body: unknown) => validateInput(CreateWebhookDto, body);
const apiUpdate = (body: unknown) => ({ ...validateInput(UpdateWebhookDto, body) });
const dashboardUpdate = (body: unknown) => ({ ...validateInput(DashboardUpdateWebhookDto, body) });

describe('CreateWebhookDto', () => {
  const ok = { name: 'n', url: 'https://example.com/h', events: ['post.published'] };

  it('keeps the three fields and drops others', () => {
    expect({ ...create({ ...ok, secret: 'mine' }) }).toEqual(ok);
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
    [{ name: 'n', url: 'nope' }],
  ])('requires name, url and events before anything else: %j', (input) =>
    expect(messageOf(() => create(input))).toBe('Name, URL, and at least one event are required'),
  );

  it('checks the URL format before the events', () => {
    expect(messageOf(() => create({ ...ok, url: 'nope', events: ['x'] }))).toBe('Invalid URL format');
    expect(messageOf(() => create({ ...ok, url: 123 }))).toBe('Invalid URL format');
    expect(messageOf(() => create({ ...ok, url: 'http://localhost', events: ['x'] }))).toBe(`Invalid events: x. Valid events: ${VALID}`);
  });

  it('lists every invalid event, comma+space joined', () => {
    expect(messageOf(() => create({ ...ok, events: ['post.published', 'a', 'b.c', 7] }))).toBe(`Invalid events: a, b.c, 7. Valid events: ${VALID}`);
  });
});

describe('UpdateWebhookDto (API route)', () => {
  it('keeps name, url, events and a boolean isActive', () => {
    const body = { name: 'x', url: 'https://a.example/', events: ['token.expiring'], isActive: false };
    expect(apiUpdate(body)).toEqual(body);
  });

  it('lets empty values through for the service to ignore; drops a non-boolean isActive', () => {
    expect(apiUpdate({ name: '', url: '', events: [], isActive: 'false' })).toEqual({ name: '', url: '', events: [], isActive: undefined });
    expect(apiUpdate({ isActive: 1 }).isActive).toBeUndefined();
  });

  it('reports invalid events without the valid list; a bare event is a list of one', () => {
    expect(messageOf(() => apiUpdate({ events: ['post.published', 'nope', 'x'] }))).toBe('Invalid events: nope, x');
    expect(messageOf(() => apiUpdate({ events: 'nope' }))).toBe('Invalid events: nope');
    expect(apiUpdate({ events: 'post.failed' }).events).toEqual(['post.failed']);
  });

  it('checks a given url and name', () => {
    expect(messageOf(() => apiUpdate({ url: 'bad' }))).toBe('Invalid URL format');
    expect(messageOf(() => apiUpdate({ name: 7 }))).toBe('Name, URL, and at least one event are required');
  });
});

describe('DashboardUpdateWebhookDto', () => {
  it('keeps an empty name, refuses an empty url and empty events', () => {
    expect(dashboardUpdate({ name: '' }).name).toBe('');
    expect(messageOf(() => dashboardUpdate({ url: '' }))).toBe('Invalid URL format');
    expect(messageOf(() => dashboardUpdate({ events: [] }))).toBe('Name, URL, and at least one event are required');
    expect(messageOf(() => dashboardUpdate({ events: '' }))).toBe('Name, URL, and at least one event are required');
    expect(messageOf(() => dashboardUpdate({ events: ['nope'] }))).toBe('Invalid events: nope');
  });

  it('accepts the form strings for isActive and ignores anything else', () => {
    expect(dashboardUpdate({ isActive: true }).isActive).toBe(true);
    expect(dashboardUpdate({ isActive: 'true' }).isActive).toBe(true);
    expect(dashboardUpdate({ isActive: 'false' }).isActive).toBe(false);
    expect(dashboardUpdate({ isActive: '' }).isActive).toBeUndefined();
  });
});
