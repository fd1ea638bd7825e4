import { errorResult, passedResult, profileUpdateOf, untestableResult } from './connection-test';

const now = new Date('2026-01-01T00:00:00Z');
const record = {
  platform: 'mastodon' as const,
  platformId: 'mastodon-1',
  username: 'alice',
  lastSuccessfulPost: new Date('2025-12-31T00:00:00Z'),
  lastError: { message: 'old', occurredAt: new Date('2025-12-30T00:00:00Z') },
  accessTokenExpiresAt: new Date('2026-01-03T00:00:00Z'),
};

describe('test-connection results', () => {
  it('an untestable platform says so and shows no history', () => {
    expect(untestableResult(record)).toEqual({
      platform: 'mastodon',
      platformId: 'mastodon-1',
      username: 'unknown',
      status: 'error',
      message: 'Unknown platform: mastodon',
      permissions: [],
      tokenExpiresIn: null,
      lastSuccessfulPost: null,
      lastError: null,
    });
  });

  it('an error keeps the account, the last success and the expiry, with the given lastError', () => {
    const lastError = { message: 'revoked', occurredAt: now };
    expect(errorResult({ ...record, username: null }, 'revoked', lastError, now)).toEqual({
      platform: 'mastodon',
      platformId: 'mastodon-1',
      username: '',
      status: 'error',
      message: 'revoked',
      permissions: [],
      tokenExpiresIn: '2d 0h',
      lastSuccessfulPost: record.lastSuccessfulPost,
      lastError,
    });
  });

  it('a pass takes the platform username and the refreshed expiry', () => {
    const validation = { ok: true, username: 'alice@social', permissions: ['write'], message: 'Connection is healthy' };
    const current = { ...record, accessTokenExpiresAt: null };
    expect(passedResult(record, validation, current, now)).toMatchObject({
      username: 'alice@social',
      status: 'ok',
      permissions: ['write'],
      message: 'Connection is healthy',
      tokenExpiresIn: null,
      lastError: record.lastError,
    });
    expect(passedResult(record, { ...validation, username: '' }, current, now).username).toBe('alice');
  });

  it('only reported profile facts are written back', () => {
    expect(profileUpdateOf({ ok: true, username: 'a', permissions: [], message: '', displayName: null, profileImageUrl: undefined })).toEqual({});
    const expiry = new Date('2026-02-01T00:00:00Z');
    expect(
      profileUpdateOf({ ok: true, username: 'a', permissions: [], message: '', displayName: 'A', profileImageUrl: 'https://x/a.png', tokenExpiresAt: expiry }),
    ).toEqual({
      displayName: 'A',
      profileImageUrl: 'https://x/a.png',
      accessTokenExpiresAt: expiry,
    });
  });
});
