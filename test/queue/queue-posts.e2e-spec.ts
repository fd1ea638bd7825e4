import { Types } from 'mongoose';
import { createAccount, createConnection, createTestApp, type TestAccount, type TestApp } from '@test/support';
import { everyDay, localTime, weekdayIn } from './queue-helpers';

/** Adding posts to the queue, the queue's list, and how it moves (REST, API key). */
describe('The queue: add, list, re-time, compact, shuffle, move (REST)', () => {
  let t: TestApp;
  let account: TestAccount;
  let other: TestAccount;
  let linkedin: string;
  let mastodon: string;
  let bluesky: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { MIN_POST_SPACING_SECONDS: '0' } });
    account = await createAccount(t, { plan: 'pro', seats: 5 });
    other = await createAccount(t, { plan: 'pro' });
    linkedin = (await createConnection(t, account.userId, { platform: 'linkedin' })).platformId;
    mastodon = (await createConnection(t, account.userId, { platform: 'mastodon', instanceUrl: 'https://mastodon.example' })).platformId;
    bluesky = (await createConnection(t, account.userId, { platform: 'bluesky' })).platformId;
  }, 60_000);
  afterAll(() => t?.close());

  const api = (who = account) => ({
    put: (path: string, body: object) => t.http.put(path).set(who.apiHeaders).send(body),
    post: (path: string, body: object, headers: Record<string, string> = {}) =>
      t.http
        .post(path)
        .set({ ...who.apiHeaders, ...headers })
        .send(body),
    get: (path: string) => t.http.get(path).set(who.apiHeaders),
  });
  const setSchedule = (platformId: string, body: object) => api().put(`/api/v1/queue/schedules/${platformId}`, body).expect(200);
  const add = (body: object, headers?: Record<string, string>) => api().post('/api/v1/queue/add', body, headers);
  const nextSlots = async (platforms: string[], count: number): Promise<string[]> =>
    (
      await api()
        .get(`/api/v1/queue/next-slots?platforms=${platforms.join(',')}&count=${count}`)
        .expect(200)
    ).body.slots;
  const queueOf = async (platformId: string) => (await api().get(`/api/v1/queue/posts/${platformId}`).expect(200)).body.queue;
  const getPost = async (id: string) => (await api().get(`/api/v1/get-post/${id}`).expect(200)).body;

  describe('adding', () => {
    it('schedules a new post at the first free slot; get-post and list-posts say it came from the queue', async () => {
      await setSchedule(linkedin, { timeZone: 'Europe/Berlin', slots: everyDay('09:00', '17:30') });
      const [first, second] = await nextSlots([linkedin], 2);
      const res = await add({ content: 'queued one', platforms: [linkedin] }).expect(200);
      expect(res.body).toEqual({ success: true, postGroupId: expect.any(String), scheduledTime: first });
      expect(['09:00', '17:30']).toContain(localTime(first, 'Europe/Berlin'));
      const post = await getPost(res.body.postGroupId);
      expect(post).toMatchObject({ status: 'scheduled', scheduledTime: first, fromQueue: true, posts: [{ status: 'scheduled' }] });
      const listed = (await api().get('/api/v1/list-posts?limit=100').expect(200)).body.posts;
      expect(listed.find((p: { postGroupId: string }) => p.postGroupId === res.body.postGroupId)).toMatchObject({ fromQueue: true, scheduledTime: first });
      // The next add takes the next slot, and the preview no longer offers the first.
      const again = await add({ content: 'queued two', platforms: [linkedin] }).expect(200);
      expect(again.body.scheduledTime).toBe(second);
      expect((await nextSlots([linkedin], 1))[0] > second).toBe(true);
    });

    it('leaves fromQueue out of posts made with an explicit time', async () => {
      const res = await api()
        .post('/api/v1/create-post', { content: 'explicit', platforms: [bluesky], scheduledTime: new Date(Date.now() + 86_400_000).toISOString() })
        .expect(200);
      const post = await getPost(res.body.postGroupId);
      expect(post).not.toHaveProperty('fromQueue');
      const listed = (await api().get('/api/v1/list-posts?limit=100').expect(200)).body.posts;
      expect(listed.find((p: { postGroupId: string }) => p.postGroupId === res.body.postGroupId)).not.toHaveProperty('fromQueue');
    });

    it('queues a draft by its id, and refuses one that is not a draft', async () => {
      const draft = await api()
        .post('/api/v1/create-post', { content: 'a draft', platforms: [linkedin] })
        .expect(200);
      const [slot] = await nextSlots([linkedin], 1);
      const res = await add({ postGroupId: draft.body.postGroupId }).expect(200);
      expect(res.body).toEqual({ success: true, postGroupId: draft.body.postGroupId, scheduledTime: slot });
      expect(await getPost(draft.body.postGroupId)).toMatchObject({ status: 'scheduled', scheduledTime: slot, fromQueue: true });
      const again = await add({ postGroupId: draft.body.postGroupId });
      expect(again.status).toBe(400);
      expect(again.body).toEqual({ error: 'Only a draft can be added to the queue; this post is scheduled' });
    });

    it('for several accounts takes the earliest slot free on every one (what next-slots shows)', async () => {
      await setSchedule(mastodon, { timeZone: 'Europe/London', slots: everyDay('08:00', '16:30') });
      const [shared] = await nextSlots([linkedin, mastodon], 1);
      const res = await add({ content: 'to both', platforms: [linkedin, mastodon] }).expect(200);
      expect(res.body.scheduledTime).toBe(shared);
      expect((await getPost(res.body.postGroupId)).posts).toHaveLength(2);
    });

    it.each([
      [{ content: 'x', platforms: ['linkedin-x'], scheduledTime: '2030-01-01T10:00:00.000Z' }, 'scheduledTime cannot be given: the queue sets the time'],
      [{ postGroupId: '665f1c2b9d3e4a0012345678', content: 'x' }, 'Give either postGroupId (a draft) or a new post (content, platforms), not both'],
      [{ postGroupId: 'nope' }, 'postGroupId must be a post group id'],
      [{ platforms: ['linkedin-x'] }, 'Content is required'],
      [{ content: 'x' }, 'Platforms are required'],
      [{ content: 'x', platforms: ['linkedin-unknown'] }, 'Platform connection not found: linkedin-unknown'],
    ])('refuses %j with 400 and writes nothing', async (body, message) => {
      const before = await t.connection.collection('post_groups').countDocuments();
      const res = await add(body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: message });
      expect(await t.connection.collection('post_groups').countDocuments()).toBe(before);
    });

    it('404s for a draft that is not the caller’s, and 400s when the accounts have no free slot', async () => {
      const missing = await add({ postGroupId: '665f1c2b9d3e4a0012345678' });
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ error: 'Post group not found' });
      // bluesky has no schedule yet.
      const none = await add({ content: 'nowhere', platforms: [bluesky] });
      expect(none.status).toBe(400);
      expect(none.body).toEqual({ error: 'No free queue slot: the schedules of these accounts share no active slot within a year' });
      expect((await api().get('/api/v1/queue/posts/linkedin-nope')).status).toBe(404);
      expect((await api(other).get(`/api/v1/queue/posts/${linkedin}`)).status).toBe(404);
    });

    it('with an Idempotency-Key answers a repeat as the first time, and 409s another body', async () => {
      const key = `queue-${Date.now()}`;
      const first = await add({ content: 'once', platforms: [linkedin] }, { 'Idempotency-Key': key });
      expect(first.body).toMatchObject({ success: true });
      const repeat = await add({ content: 'once', platforms: [linkedin] }, { 'Idempotency-Key': key }).expect(200);
      expect(repeat.body).toEqual(first.body);
      expect(await t.connection.collection('post_groups').countDocuments({ content: 'once' })).toBe(1);
      const changed = await add({ content: 'twice', platforms: [linkedin] }, { 'Idempotency-Key': key });
      expect(changed.status).toBe(409);
      expect(changed.body).toEqual({ error: 'Idempotency-Key reused with a different request body' });
      const bad = await add({ content: 'x', platforms: [linkedin] }, { 'Idempotency-Key': 'k'.repeat(256) });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ error: 'Invalid Idempotency-Key header' });
    });

    it('gives parallel adds different slots: the first free ones, each once', async () => {
      await setSchedule(bluesky, { timeZone: 'Australia/Sydney', slots: everyDay('07:00', '12:00', '19:00') });
      const expected = await nextSlots([bluesky], 8);
      const results = await Promise.all(Array.from({ length: 8 }, (_, i) => add({ content: `parallel ${i}`, platforms: [bluesky] })));
      expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
      expect(results.map((r) => r.body.scheduledTime).sort()).toEqual(expected);
      const times = await t.connection
        .collection('platform_posts')
        .find({ platformId: bluesky, content: /^parallel / })
        .toArray();
      expect(new Set(times.map((p) => p.scheduledTime.toISOString())).size).toBe(8);
      // What makes it so: the slot claim is a unique index in the database.
      const indexes = await t.connection.collection('platform_posts').indexes();
      expect(indexes.find((i) => i.key.connectionId === 1 && i.key.queueSlot === 1)).toMatchObject({
        unique: true,
        partialFilterExpression: { queueSlot: { $exists: true } },
      });
    });

    it('takes the next slot when the first one is claimed between the look-up and the write', async () => {
      const [first, second] = await nextSlots([bluesky], 2);
      const post = (await t.connection.collection('platform_posts').findOne({ platformId: bluesky }))!;
      // A claim the free-slot look-up does not see (as a concurrent add's, not yet scheduled).
      const claim: Record<string, unknown> = { ...post, _id: new Types.ObjectId(), status: 'pending', queueSlot: new Date(first) };
      delete claim.scheduledTime;
      const { insertedId } = await t.connection.collection('platform_posts').insertOne(claim);
      try {
        const res = await add({ content: 'lost a race', platforms: [bluesky] }).expect(200);
        expect(res.body.scheduledTime).toBe(second);
      } finally {
        await t.connection.collection('platform_posts').deleteOne({ _id: insertedId });
      }
    });
  });

  describe('the queue moves when it should', () => {
    let platformId: string;
    const ids: string[] = [];
    const times = async () => (await queueOf(platformId)).posts.map((p: { postGroupId: string; scheduledTime?: string }) => [p.postGroupId, p.scheduledTime]);

    beforeAll(async () => {
      platformId = (await createConnection(t, account.userId, { platform: 'threads' })).platformId;
      await setSchedule(platformId, { timeZone: 'America/New_York', slots: everyDay('09:00') });
      for (const n of [1, 2, 3]) ids.push((await add({ content: `move ${n}`, platforms: [platformId] }).expect(200)).body.postGroupId);
    });

    it('lists the queue in order with its schedule', async () => {
      const queue = await queueOf(platformId);
      const slots = queue.posts.map((p: { scheduledTime: string }) => p.scheduledTime);
      expect(queue).toMatchObject({ platformId, schedule: { configured: true, timeZone: 'America/New_York' } });
      expect(queue.posts.map((p: { postGroupId: string }) => p.postGroupId)).toEqual(ids);
      expect(queue.posts[0]).toEqual({
        postGroupId: ids[0],
        content: 'move 1',
        status: 'scheduled',
        scheduledTime: slots[0],
        queuedFor: slots[0],
        platforms: [platformId],
      });
      expect([...slots].sort()).toEqual(slots);
      for (const slot of slots) expect(localTime(slot, 'America/New_York')).toBe('09:00');
    });

    it('re-times queued posts in order when the schedule changes; an explicitly timed post stays', async () => {
      const explicitAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
      const explicit = await api()
        .post('/api/v1/create-post', { content: 'explicit', platforms: [platformId], scheduledTime: explicitAt })
        .expect(200);
      await setSchedule(platformId, { timeZone: 'America/New_York', slots: everyDay('18:15') });
      const after = await queueOf(platformId);
      expect(after.posts.map((p: { postGroupId: string }) => p.postGroupId)).toEqual(ids);
      const slots = after.posts.map((p: { scheduledTime: string }) => p.scheduledTime);
      expect(slots).toEqual(await expectedSlots(platformId, 3, [explicitAt]));
      for (const slot of slots) expect(localTime(slot, 'America/New_York')).toBe('18:15');
      expect((await getPost(explicit.body.postGroupId)).scheduledTime).toBe(explicitAt);
      for (const [i, id] of ids.entries()) expect((await getPost(id)).scheduledTime).toBe(slots[i]);
      await t.http.delete(`/api/v1/delete-post/${explicit.body.postGroupId}`).set(account.apiHeaders).expect(200);
    });

    it('holds the queued posts as drafts while paused, and puts them back on slots on resume', async () => {
      await setSchedule(platformId, { timeZone: 'America/New_York', slots: everyDay('18:15'), paused: true });
      const paused = await queueOf(platformId);
      expect(paused.posts.map((p: { status: string }) => p.status)).toEqual(['draft', 'draft', 'draft']);
      expect(paused.posts.map((p: { postGroupId: string }) => p.postGroupId)).toEqual(ids);
      expect(paused.posts[0]).not.toHaveProperty('scheduledTime');
      expect(await getPost(ids[0])).toMatchObject({ status: 'draft', fromQueue: true });
      await setSchedule(platformId, { timeZone: 'America/New_York', slots: everyDay('18:15'), paused: false });
      const resumed = await queueOf(platformId);
      expect(resumed.posts.map((p: { status: string }) => p.status)).toEqual(['scheduled', 'scheduled', 'scheduled']);
      expect(resumed.posts.map((p: { scheduledTime: string }) => p.scheduledTime)).toEqual(await expectedSlots(platformId, 3));
    });

    it('leaves a gap when a queued post is deleted, and compact closes it', async () => {
      const before = await times();
      await t.http.delete(`/api/v1/delete-post/${ids[0]}`).set(account.apiHeaders).expect(200);
      ids.shift();
      const after = await times();
      expect(after).toEqual(before.slice(1));
      const compacted = await api().post(`/api/v1/queue/posts/${platformId}/reorder`, { order: 'compact' }).expect(200);
      expect(compacted.body.queue.posts.map((p: { postGroupId: string }) => p.postGroupId)).toEqual(ids);
      expect(compacted.body.queue.posts.map((p: { scheduledTime: string }) => p.scheduledTime)).toEqual(before.slice(0, 2).map(([, time]: string[]) => time));
    });

    it('takes a post out of the queue when a person sets its time; the queue then leaves it alone', async () => {
      const extra = (await add({ content: 'move 4', platforms: [platformId] }).expect(200)).body.postGroupId;
      const own = new Date(Date.now() + 5 * 86_400_000 + 3_600_000).toISOString();
      await t.http.put(`/api/v1/update-post/${extra}`).set(account.apiHeaders).send({ scheduledTime: own }).expect(200);
      expect(await getPost(extra)).not.toHaveProperty('fromQueue');
      expect((await queueOf(platformId)).posts.map((p: { postGroupId: string }) => p.postGroupId)).toEqual(ids);
      await setSchedule(platformId, { timeZone: 'America/New_York', slots: everyDay('07:45') });
      expect((await getPost(extra)).scheduledTime).toBe(own);
      await t.http.delete(`/api/v1/delete-post/${extra}`).set(account.apiHeaders).expect(200);
    });

    it('moves a post down and up by swapping slots with its neighbour', async () => {
      const [a, b] = await times();
      const moved = await api().post(`/api/v1/queue/posts/${platformId}/move`, { postGroupId: a[0], direction: 'down' }).expect(200);
      expect(moved.body.queue.posts.map((p: { postGroupId: string; scheduledTime: string }) => [p.postGroupId, p.scheduledTime])).toEqual([
        [b[0], a[1]],
        [a[0], b[1]],
      ]);
      const first = await api().post(`/api/v1/queue/posts/${platformId}/move`, { postGroupId: b[0], direction: 'up' });
      expect(first.status).toBe(400);
      expect(first.body).toEqual({ error: 'This post is already first in the queue' });
      const last = await api().post(`/api/v1/queue/posts/${platformId}/move`, { postGroupId: a[0], direction: 'down' });
      expect(last.body).toEqual({ error: 'This post is already last in the queue' });
      const stranger = await api().post(`/api/v1/queue/posts/${platformId}/move`, { postGroupId: '665f1c2b9d3e4a0012345678', direction: 'up' });
      expect(stranger.status).toBe(404);
      expect(stranger.body).toEqual({ error: "Post group not found in this account's queue" });
      const sideways = await api().post(`/api/v1/queue/posts/${platformId}/move`, { postGroupId: a[0], direction: 'left' });
      expect(sideways.body).toEqual({ error: "direction must be 'up' or 'down'" });
    });

    it('shuffles onto the earliest free slots, and refuses an unknown order', async () => {
      const slots = await expectedSlots(platformId, 2);
      const shuffled = await api().post(`/api/v1/queue/posts/${platformId}/reorder`, { order: 'shuffle' }).expect(200);
      expect(shuffled.body.queue.posts.map((p: { scheduledTime: string }) => p.scheduledTime)).toEqual(slots);
      expect(shuffled.body.queue.posts.map((p: { postGroupId: string }) => p.postGroupId).sort()).toEqual([...ids].sort());
      const bad = await api().post(`/api/v1/queue/posts/${platformId}/reorder`, { order: 'alphabetical' });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ error: "order must be 'compact' or 'shuffle'" });
    });

    it('refuses to swap posts to different accounts', async () => {
      await setSchedule(linkedin, { timeZone: 'America/New_York', slots: everyDay('07:45') });
      const both = (await add({ content: 'threads and linkedin', platforms: [platformId, linkedin] }).expect(200)).body.postGroupId;
      const res = await api().post(`/api/v1/queue/posts/${platformId}/move`, { postGroupId: both, direction: 'up' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'Only posts to the same accounts can swap places in the queue' });
    });

    /** The first `n` slots of the connection's schedule from now, ignoring its queue and the `except` times. */
    async function expectedSlots(id: string, n: number, except: string[] = []): Promise<string[]> {
      const queue = await queueOf(id);
      const own = new Set<string | undefined>(queue.posts.map((p: { scheduledTime?: string }) => p.scheduledTime));
      const free = await nextSlots([id], n + own.size + except.length);
      const all = [...free, ...own].filter((s): s is string => !!s && !except.includes(s)).sort();
      return all.slice(0, n);
    }
  });
});

/** The plan limits hold on the queue's slots (Starter: seven days ahead). */
describe('The queue and the plan limits', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('refuses with the limit body when the next free slot lies beyond the horizon', async () => {
    t = await createTestApp();
    const account = await createAccount(t, { plan: 'starter', apiAccess: true });
    const platformId = (await createConnection(t, account.userId, { platform: 'linkedin' })).platformId;
    const weekday = weekdayIn(2);
    await t.http
      .put(`/api/v1/queue/schedules/${platformId}`)
      .set(account.apiHeaders)
      .send({ slots: [{ weekday, time: '12:00' }] })
      .expect(200);
    const first = await t.http
      .post('/api/v1/queue/add')
      .set(account.apiHeaders)
      .send({ content: 'this week', platforms: [platformId] });
    expect(first.status).toBe(200);
    const second = await t.http
      .post('/api/v1/queue/add')
      .set(account.apiHeaders)
      .send({ content: 'next week', platforms: [platformId] });
    expect(second.status).toBe(403);
    expect(second.body).toMatchObject({ code: 'SCHEDULE_HORIZON_REACHED', error: 'Schedule horizon reached', limit: 7 });
    expect(await t.connection.collection('post_groups').countDocuments({ content: 'next week' })).toBe(0);
  });

  it('refuses with the limit body once the scheduled-post limit is used (Starter: three)', async () => {
    const account = await createAccount(t, { plan: 'starter', apiAccess: true });
    const platformId = (await createConnection(t, account.userId, { platform: 'linkedin' })).platformId;
    await t.http
      .put(`/api/v1/queue/schedules/${platformId}`)
      .set(account.apiHeaders)
      .send({ slots: everyDay('08:00', '20:00') })
      .expect(200);
    const add = () =>
      t.http
        .post('/api/v1/queue/add')
        .set(account.apiHeaders)
        .send({ content: 'daily', platforms: [platformId] });
    for (let i = 0; i < 3; i++) expect((await add()).status).toBe(200);
    const fourth = await add();
    expect(fourth.status).toBe(403);
    expect(fourth.body).toMatchObject({ code: 'SCHEDULED_POST_LIMIT_REACHED', limit: 3 });
    expect(await t.connection.collection('post_groups').countDocuments({ userId: new Types.ObjectId(account.userId) })).toBe(3);
  });
});

/** The minimum spacing still holds: a slot too close to another post is skipped. */
describe('The queue and MIN_POST_SPACING_SECONDS', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('skips a slot within the spacing of an explicitly timed post', async () => {
    t = await createTestApp({ env: { MIN_POST_SPACING_SECONDS: '1800' } });
    const account = await createAccount(t, { plan: 'pro' });
    const platformId = (await createConnection(t, account.userId, { platform: 'linkedin' })).platformId;
    await t.http
      .put(`/api/v1/queue/schedules/${platformId}`)
      .set(account.apiHeaders)
      .send({ slots: everyDay('10:00', '15:00') })
      .expect(200);
    const [first, second] = (await t.http.get(`/api/v1/queue/next-slots?platforms=${platformId}&count=2`).set(account.apiHeaders)).body.slots;
    const near = new Date(new Date(first).getTime() + 10 * 60_000).toISOString();
    await t.http
      .post('/api/v1/create-post')
      .set(account.apiHeaders)
      .send({ content: 'explicit', platforms: [platformId], scheduledTime: near })
      .expect(200);
    const res = await t.http
      .post('/api/v1/queue/add')
      .set(account.apiHeaders)
      .send({ content: 'spaced', platforms: [platformId] })
      .expect(200);
    expect(res.body.scheduledTime).toBe(second);
  });
});
