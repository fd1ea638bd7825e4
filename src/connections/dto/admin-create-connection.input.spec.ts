import { messageOf } from '@test/support/refusals';
import { validateInput } from '../../common/validation/validate-input';
import { AdminCreateConnectionInput } from './admin-create-connection.input';

const ok = { userId: 'a'.repeat(24), platform: 'mastodon', externalId: ' 42 ', accessToken: 't' };
const check = (input: unknown) => ({ ...validateInput(AdminCreateConnectionInput, input) });

describe('AdminCreateConnectionInput', () => {
  it('platform, externalId, accessToken, then the expiry', () => {
    const bad = { ...ok, platform: 'My Space', externalId: ' ', accessToken: '', accessTokenExpiresAt: 'tomorrow' };
    expect(messageOf(() => check(bad))).toBe(
      'Invalid platform. Must be one of: twitter, linkedin, instagram, threads, tiktok, youtube, facebook, bluesky, mastodon, telegram, pinterest',
    );
    expect(messageOf(() => check({ ...bad, platform: 'mastodon' }))).toBe('externalId is required');
    expect(messageOf(() => check({ ...bad, platform: 'mastodon', externalId: 'x' }))).toBe('accessToken is required');
    expect(messageOf(() => check({ ...ok, accessTokenExpiresAt: 'tomorrow' }))).toBe('accessTokenExpiresAt must be an ISO 8601 date-time');
  });

  it('takes any platform-shaped name: ConnectionsService refuses one that is not a platform (plugins add platforms)', () => {
    expect(check({ ...ok, platform: 'myspace' }).platform).toBe('myspace');
  });

  it('trims the id; an empty or absent expiry is none', () => {
    expect(check({ ...ok, accessTokenExpiresAt: '' })).toEqual({ ...ok, externalId: '42', accessTokenExpiresAt: '' });
    expect(check({ ...ok, accessTokenExpiresAt: '2030-01-01T00:00:00+02:00' }).accessTokenExpiresAt).toBe('2030-01-01T00:00:00+02:00');
  });
});
