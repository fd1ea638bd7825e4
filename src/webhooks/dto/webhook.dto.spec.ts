import { messageOf } from '@test/support/refusals';
import { validateInput } from '../../common/validation/validate-input';
import { OPT_IN_WEBHOOK_EVENTS, WEBHOOK_EVENTS } from '../webhook-events';
import { CreateWebhookDto, DashboardUpdateWebhookDto, ListDeliveriesQueryDto, UpdateWebhookDto } from './webhook.dto';

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

  it('accepts each opt-in event, alone or beside the spec ones', () => {
    for (const event of OPT_IN_WEBHOOK_EVENTS) expect(create({ ...ok, events: [event] }).events).toEqual([event]);
    expect(create({ ...ok, events: [...WEBHOOK_EVENTS] }).events).toEqual([...WEBHOOK_EVENTS]);
  });

  it('lists only the spec events as valid, even when opt-in ones are sent beside the invalid one', () => {
    expect(messageOf(() => create({ ...ok, events: ['post.retried', 'post.deleted'] }))).toBe(`Invalid events: post.deleted. Valid events: ${VALID}`);
    // A near miss of an opt-in name is not one.
    expect(messageOf(() => create({ ...ok, events: ['post.Retried'] }))).toBe(`Invalid events: post.Retried. Valid events: ${VALID}`);
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

  it('accepts opt-in events, a bare one as a list of one', () => {
    expect(apiUpdate({ events: ['connection.disconnected', 'post.published'] }).events).toEqual(['connection.disconnected', 'post.published']);
    expect(apiUpdate({ events: 'post.unpublished' }).events).toEqual(['post.unpublished']);
    expect(messageOf(() => apiUpdate({ events: ['connection.reauth_required', 'connection.lost'] }))).toBe('Invalid events: connection.lost');
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

  it('accepts opt-in events', () => {
    expect(dashboardUpdate({ events: [...OPT_IN_WEBHOOK_EVENTS] }).events).toEqual([...OPT_IN_WEBHOOK_EVENTS]);
  });

  it('accepts the form strings for isActive and ignores anything else', () => {
    expect(dashboardUpdate({ isActive: true }).isActive).toBe(true);
    expect(dashboardUpdate({ isActive: 'true' }).isActive).toBe(true);
    expect(dashboardUpdate({ isActive: 'false' }).isActive).toBe(false);
    expect(dashboardUpdate({ isActive: '' }).isActive).toBeUndefined();
  });
});

describe('ListDeliveriesQueryDto', () => {
  const query = (q: unknown) => ({ ...validateInput(ListDeliveriesQueryDto, q) });

  it('defaults and clamps page and limit as list-posts does', () => {
    expect(query({})).toEqual({ page: 1, limit: 20 });
    expect(query({ page: '0', limit: '1000' })).toMatchObject({ page: 1, limit: 100 });
    expect(query({ page: '3', limit: '0' })).toMatchObject({ page: 3, limit: 20 });
    expect(query({ page: ['2', '5'], limit: '7' })).toMatchObject({ page: 2, limit: 7 });
  });

  it('keeps a known event (the nine and webhook.test) and status; empty means all', () => {
    expect(query({ event: 'post.retried', status: 'failed' })).toMatchObject({ event: 'post.retried', status: 'failed' });
    expect(query({ event: 'webhook.test' }).event).toBe('webhook.test');
    expect(query({ event: '', status: '' })).toMatchObject({ event: undefined, status: undefined });
  });

  it('refuses an unknown event or status, naming the valid ones', () => {
    expect(messageOf(() => query({ event: 'post.deleted' }))).toBe(`Invalid event. Must be one of: ${[...WEBHOOK_EVENTS, 'webhook.test'].join(', ')}`);
    expect(messageOf(() => query({ status: 'sent' }))).toBe('Invalid status. Must be one of: pending, delivered, failed, cancelled');
    expect(messageOf(() => query({ status: 'DELIVERED' }))).toBe('Invalid status. Must be one of: pending, delivered, failed, cancelled');
  });
});
