import { createAccount, createConnection, createTestApp, type TestAccount, type TestApp } from '@test/support';
import { LinkedInFake, TwitterFake } from '@test/support/fakes';
import { splitIntoThread, twitterTextLength } from '@app/rules';
import { FAST_ENGINE_ENV, waitForGroup } from './publishing-helpers';

/** Text per network when publishing: each account sends its own text, an X override longer than a post as its own reply chain. */
describe('Publishing contentOverrides (twitter + linkedin fakes)', () => {
  const twitter = new TwitterFake();
  const linkedin = new LinkedInFake();
  let t: TestApp;
  let account: TestAccount;
  let tw: string;
  let li: string;

  beforeAll(async () => {
    const [twUrl, liUrl] = await Promise.all([twitter.start(), linkedin.start()]);
    t = await createTestApp({
      env: {
        ...FAST_ENGINE_ENV,
        TWITTER_API_URL: twUrl,
        TWITTER_UPLOAD_URL: twUrl,
        TWITTER_CLIENT_ID: 'client-1',
        LINKEDIN_API_URL: liUrl,
        PUBLISH_MAX_ATTEMPTS: '1',
      },
    });
    account = await createAccount(t, { plan: 'premium', seats: 50 });
    twitter.checkAfterSecs = 0;
    twitter.setToken('tw-token');
    linkedin.setToken('li-token');
    tw = (await createConnection(t, account.userId, { platform: 'twitter', externalId: twitter.user.id, username: 'fakeuser', accessToken: 'tw-token' }))
      .platformId;
    li = (await createConnection(t, account.userId, { platform: 'linkedin', externalId: linkedin.userinfo.sub, username: 'li_user', accessToken: 'li-token' }))
      .platformId;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await Promise.all([twitter.stop(), linkedin.stop()]);
  });

  it("X publishes its override as a reply chain of its own, LinkedIn the group's content", async () => {
    const content = `One text for LinkedIn ${Date.now()}`;
    const forX = Array.from({ length: 12 }, (_, i) => `Sentence ${i + 1} written for X only, long enough to need a thread.`).join(' ');
    const expected = splitIntoThread(forX, { limit: 280, measure: twitterTextLength });
    expect(expected.length).toBeGreaterThan(1);

    const res = await t.http
      .post('/api/v1/create-post')
      .set(account.apiHeaders)
      .send({ content, platforms: [tw, li], scheduledTime: new Date().toISOString(), contentOverrides: { twitter: forX } });
    expect(res.status).toBe(200);
    const group = await waitForGroup(t, account.apiHeaders, res.body.postGroupId);
    expect(group.status).toBe('published');

    // Exactly the parts of the override went to X, each a reply to the one before; nothing of the group's content.
    const texts = twitter.posts.map((p) => p.text);
    expect(texts).toEqual(expected);
    for (let i = 1; i < twitter.posts.length; i++) expect(twitter.posts[i].inReplyTo).toBe(twitter.posts[i - 1].id);
    expect(linkedin.posts.map((p) => p.commentary)).toEqual([content]);

    const byPlatform = Object.fromEntries(group.posts.map((p: { platform: string }) => [p.platform, p]));
    expect(byPlatform.twitter).toMatchObject({ status: 'published', content: forX, contentOverridden: true, postedId: twitter.posts[0].id });
    expect(byPlatform.linkedin).toMatchObject({ status: 'published', content });
    expect(byPlatform.linkedin).not.toHaveProperty('contentOverridden');
  });
});
