import { createAccount, createConnection, createTestApp, type TestAccount, type TestApp } from '@test/support';
import { everyDay } from './queue-helpers';

const berlinTime = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', weekday: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

/** `/api/v1/queue`: a connection's weekly schedule, and the free slots it gives. */
describe('Queue schedules and next slots (REST)', () => {
  let t: TestApp;
  let account: TestAccount;
  let other: TestAccount;
  let linkedin: string;
  let mastodon: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { MIN_POST_SPACING_SECONDS: '0' } });
    account = await createAccount(t, { plan: 'pro', seats: 5 });
    other = await createAccount(t, { plan: 'pro' });
    linkedin = (await createConnection(t, account.userId, { platform: 'linkedin' })).platformId;
    mastodon = (await createConnection(t, account.userId, { platform: 'mastodon', instanceUrl: 'https://mastodon.example' })).platformId;
  }, 60_000);
  afterAll(() => t?.close());

  const get = (platformId: string, who = account) => t.http.get(`/api/v1/queue/schedules/${platformId}`).set(who.apiHeaders);
  const put = (platformId: string, body: unknown, who = account) =>
    t.http
      .put(`/api/v1/queue/schedules/${platformId}`)
      .set(who.apiHeaders)
      .send(body as object);
  const next = (query: string) => t.http.get(`/api/v1/queue/next-slots?${query}`).set(account.apiHeaders);

  it('answers the defaults for a connection without a schedule', async () => {
    const res = await get(linkedin).expect(200);
    expect(res.body).toEqual({
      success: true,
      schedule: { platformId: linkedin, configured: false, timeZone: 'UTC', timeZoneSource: 'account', slots: [], paused: false },
    });
  });

  it.each([
    [{ timeZone: 'Mars/Olympus', slots: [] }, 'timeZone must be an IANA time zone, such as Europe/Berlin'],
    [
      { timeZone: 'Europe/Berlin', slots: [{ weekday: 'funday', time: '09:00' }] },
      'slots[0].weekday must be one of monday, tuesday, wednesday, thursday, friday, saturday, sunday',
    ],
    [{ timeZone: 'Europe/Berlin', slots: [{ weekday: 'monday', time: '25:00' }] }, 'slots[0].time must be HH:mm, from 00:00 to 23:59'],
    [
      {
        timeZone: 'Europe/Berlin',
        slots: [
          { weekday: 'monday', time: '09:00' },
          { weekday: 'monday', time: '09:00' },
        ],
      },
      'slots[1] repeats monday 09:00',
    ],
    [{ timeZone: 'Europe/Berlin', slots: [], paused: 'yes' }, 'paused must be true or false'],
  ])('refuses %j with 400 and changes nothing', async (body, message) => {
    const res = await put(linkedin, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message });
    expect((await get(linkedin)).body.schedule.configured).toBe(false);
  });

  it('404s for a connection that is not the caller’s, and 401s without a key', async () => {
    expect((await get(linkedin, other)).status).toBe(404);
    expect((await get(linkedin, other)).body).toEqual({ error: 'Platform connection not found' });
    expect((await put('linkedin-nope', { slots: [] })).status).toBe(404);
    expect((await t.http.get(`/api/v1/queue/schedules/${linkedin}`)).body).toEqual({ error: 'API key is required' });
  });

  it('stores a schedule and answers it back', async () => {
    const body = { timeZone: 'Europe/Berlin', slots: everyDay('09:00'), paused: false };
    expect((await put(linkedin, body).expect(200)).body).toEqual({
      success: true,
      schedule: { platformId: linkedin, configured: true, timeZoneSource: 'connection', ...body },
    });
    expect((await get(linkedin)).body.schedule).toEqual({ platformId: linkedin, configured: true, timeZoneSource: 'connection', ...body });
  });

  it('gives the next slots at 09:00 Berlin time, in the future, and skips one a scheduled post holds', async () => {
    const res = await next(`platforms=${linkedin}&count=3`).expect(200);
    const slots: string[] = res.body.slots;
    expect(slots).toHaveLength(3);
    for (const slot of slots) {
      expect(new Date(slot).getTime()).toBeGreaterThan(Date.now());
      expect(berlinTime(slot)).toMatch(/ 09:00$/);
    }
    expect([...slots].sort()).toEqual(slots);
    await t.http
      .post('/api/v1/create-post')
      .set(account.apiHeaders)
      .send({ content: 'at the first slot', platforms: [linkedin], scheduledTime: slots[0] })
      .expect(200);
    expect((await next(`platforms=${linkedin}&count=2`)).body.slots).toEqual(slots.slice(1, 3));
  });

  it('for several connections gives the times both have free; none when one is paused or has no slots', async () => {
    expect((await next(`platforms=${linkedin},${mastodon}`)).body.slots).toEqual([]);
    await put(mastodon, { timeZone: 'Europe/London', slots: everyDay('08:00') }).expect(200);
    const both = (await next(`platforms=${linkedin},${mastodon}&count=2`)).body.slots as string[];
    const linkedinOnly = (await next(`platforms=${linkedin}&count=2`)).body.slots as string[];
    expect(both).toEqual(linkedinOnly);
    await put(mastodon, { timeZone: 'Europe/London', slots: everyDay('08:00'), paused: true }).expect(200);
    expect((await next(`platforms=${linkedin},${mastodon}`)).body.slots).toEqual([]);
  });

  it("follows the account's default zone when the schedule has none of its own, and moves its queue when that zone changes", async () => {
    const zone = () => t.http.get('/api/v1/queue/time-zone').set(account.apiHeaders);
    const setZone = (timeZone: unknown) => t.http.put('/api/v1/queue/time-zone').set(account.apiHeaders).send({ timeZone });
    expect((await zone().expect(200)).body).toEqual({ success: true, timeZone: 'UTC' });
    const bluesky = (await createConnection(t, account.userId, { platform: 'bluesky' })).platformId;
    await put(bluesky, { slots: everyDay('09:00') }).expect(200);
    expect((await get(bluesky)).body.schedule).toMatchObject({ timeZone: 'UTC', timeZoneSource: 'account' });
    const queued = await t.http
      .post('/api/v1/queue/add')
      .set(account.apiHeaders)
      .send({ content: 'follows the zone', platforms: [bluesky] })
      .expect(200);
    expect(new Date(queued.body.scheduledTime).getUTCHours()).toBe(9);

    const bad = await setZone('Atlantis/Capital');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: 'timeZone must be an IANA time zone, such as Europe/Berlin' });
    expect((await setZone('Europe/Berlin').expect(200)).body).toEqual({ success: true, timeZone: 'Europe/Berlin' });
    expect((await get(bluesky)).body.schedule).toMatchObject({ timeZone: 'Europe/Berlin', timeZoneSource: 'account' });
    // linkedin has its own zone (Europe/Berlin too) and keeps it; bluesky's queued post moved to 09:00 Berlin time.
    expect((await get(linkedin)).body.schedule.timeZoneSource).toBe('connection');
    const moved = (await t.http.get(`/api/v1/get-post/${queued.body.postGroupId}`).set(account.apiHeaders)).body;
    expect(berlinTime(moved.scheduledTime)).toMatch(/ 09:00$/);
    for (const slot of (await next(`platforms=${bluesky}&count=3`)).body.slots) expect(berlinTime(slot)).toMatch(/ 09:00$/);
    await setZone('UTC').expect(200);
  });

  it('refuses a missing platform list or a bad count', async () => {
    expect((await next('count=2')).body).toEqual({ error: 'platforms is required: one or more compound connection ids, comma-separated' });
    for (const count of ['0', '51', 'two', '1.5']) {
      const res = await next(`platforms=${linkedin}&count=${count}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'count must be a whole number from 1 to 50' });
    }
    expect((await next(`platforms=${linkedin},linkedin-unknown`)).status).toBe(404);
  });
});

/** The same through the dashboard's GraphQL (session cookie). */
describe('Queue schedules and next slots (GraphQL)', () => {
  let t: TestApp;
  let account: TestAccount;
  let platformId: string;

  beforeAll(async () => {
    t = await createTestApp();
    account = await createAccount(t, { plan: 'pro' });
    platformId = (await createConnection(t, account.userId, { platform: 'bluesky' })).platformId;
  }, 60_000);
  afterAll(() => t?.close());

  const gql = (query: string, variables: Record<string, unknown> = {}, cookie = account.cookie) =>
    t.http.post('/graphql').set('content-type', 'application/json').set('Cookie', cookie).send({ query, variables });
  const SET = `mutation($id: String!, $input: QueueScheduleInput!) { setQueueSchedule(platformId: $id, input: $input) { platformId configured timeZone paused slots { weekday time } } }`;

  it('reads the defaults, sets a schedule, reads it back and previews its slots', async () => {
    const before = await gql(`query($id: String!) { queueSchedule(platformId: $id) { configured timeZone slots { weekday } } }`, { id: platformId });
    expect(before.body.data.queueSchedule).toEqual({ configured: false, timeZone: 'UTC', slots: [] });
    const zone = await gql(`mutation { setQueueTimeZone(timeZone: "Asia/Tokyo") }`);
    expect(zone.body.data.setQueueTimeZone).toBe('Asia/Tokyo');
    expect((await gql(`{ queueTimeZone }`)).body.data.queueTimeZone).toBe('Asia/Tokyo');
    const follows = await gql(`query($id: String!) { queueSchedule(platformId: $id) { timeZone timeZoneSource } }`, { id: platformId });
    expect(follows.body.data.queueSchedule).toEqual({ timeZone: 'Asia/Tokyo', timeZoneSource: 'account' });
    const badZone = await gql(`mutation { setQueueTimeZone(timeZone: "Nowhere") }`);
    expect(badZone.body.errors[0]).toMatchObject({
      message: 'timeZone must be an IANA time zone, such as Europe/Berlin',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const set = await gql(SET, { id: platformId, input: { timeZone: 'America/New_York', slots: everyDay('17:30') } });
    expect(set.body.errors).toBeUndefined();
    expect(set.body.data.setQueueSchedule).toMatchObject({ platformId, configured: true, timeZone: 'America/New_York', paused: false });
    const slots = await gql(`query($ids: [String!]!) { nextQueueSlots(platformIds: $ids, count: 2) }`, { ids: [platformId] });
    expect(slots.body.data.nextQueueSlots).toHaveLength(2);
    for (const slot of slots.body.data.nextQueueSlots as string[]) {
      expect(
        new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(slot)),
      ).toBe('17:30');
    }
  });

  it('refuses with the REST messages: BAD_USER_INPUT and NOT_FOUND', async () => {
    const bad = await gql(SET, { id: platformId, input: { timeZone: 'Nowhere/Land' } });
    expect(bad.body.errors[0]).toMatchObject({ message: 'timeZone must be an IANA time zone, such as Europe/Berlin', extensions: { code: 'BAD_USER_INPUT' } });
    const missing = await gql(SET, { id: 'bluesky-nobody', input: {} });
    expect(missing.body.errors[0]).toMatchObject({ message: 'Platform connection not found', extensions: { code: 'NOT_FOUND' } });
    const count = await gql(`query($ids: [String!]!) { nextQueueSlots(platformIds: $ids, count: 99) }`, { ids: [platformId] });
    expect(count.body.errors[0]).toMatchObject({ message: 'count must be a whole number from 1 to 50', extensions: { code: 'BAD_USER_INPUT' } });
  });
});
