import { ApiError } from '../../common/api-error';
import { validateInput } from '../../common/validation/validate-input';
import { ConnectCredentialsInput, StartConnectionInput } from './connect.inputs';
import { BlueskyCredentialsDto, TelegramCredentialsDto } from './credentials.dto';

function messageOf(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    return (err as ApiError).message;
  }
  throw new Error('did not throw');
}

const UNKNOWN = (p: string) =>
  `Unknown platform: ${p}. Must be one of: twitter, linkedin, instagram, threads, tiktok, youtube, facebook, bluesky, mastodon, telegram, pinterest`;

describe('StartConnectionInput', () => {
  const start = (body: unknown) => ({ ...validateInput(StartConnectionInput, body) });

  it('keeps the four fields; platform names are matched trimmed and in any case', () => {
    const body = { platform: ' Instagram ', via: 'FACEBOOK', instanceUrl: 'https://x.example', returnTo: '/settings?tab=1', extra: 1 };
    const { extra: _extra, ...kept } = body;
    expect(start(body)).toEqual(kept);
    expect(start({ platform: 'twitter', via: '  ', returnTo: '' })).toEqual({ platform: 'twitter', via: '  ', returnTo: '' });
  });

  it('takes any name as text: ConnectService refuses one it has no provider for (plugins add platforms)', () => {
    expect(start({ platform: 'myspace' })).toEqual({ platform: 'myspace' });
  });

  it.each([
    [{}, UNKNOWN('undefined')],
    [{ platform: '  ' }, UNKNOWN('  ')],
    [{ platform: 7 }, UNKNOWN('7')],
    [{ platform: 'twitter', via: 'facebook' }, 'twitter cannot be connected through facebook; leave via empty, or use facebook for Instagram'],
    [{ platform: 'instagram', via: 'threads' }, 'instagram cannot be connected through threads; leave via empty, or use facebook for Instagram'],
    [{ platform: 'mastodon', instanceUrl: 42 }, 'instanceUrl must be a string'],
    [{ platform: 'twitter', returnTo: '//evil.example' }, 'returnTo must be a path on this site, such as /connections'],
    [{ platform: 'twitter', returnTo: 'https://evil.example/' }, 'returnTo must be a path on this site, such as /connections'],
    [{ platform: 'twitter', returnTo: '/\\evil.example' }, 'returnTo must be a path on this site, such as /connections'],
  ])('%j: %s', (body, message) => {
    expect(messageOf(() => start(body))).toBe(message);
  });
});

describe('ConnectCredentialsInput', () => {
  it('a platform or a field that is not text', () => {
    expect(messageOf(() => validateInput(ConnectCredentialsInput, { platform: 5, secret: 'x' }))).toBe(UNKNOWN('5'));
    expect(messageOf(() => validateInput(ConnectCredentialsInput, { platform: 'bluesky', secret: 'x', identifier: 5 }))).toBe('identifier must be a string');
  });
});

describe('BlueskyCredentialsDto', () => {
  const bluesky = (body: unknown) => ({ ...validateInput(BlueskyCredentialsDto, body) });

  it('a handle without its @, the app password as typed, the service trimmed; other fields dropped', () => {
    expect(bluesky({ identifier: ' @alice.bsky.social ', secret: ' pass ', serviceUrl: ' https://pds.example ', chatId: '@x' })).toEqual({
      identifier: 'alice.bsky.social',
      secret: ' pass ',
      serviceUrl: 'https://pds.example',
    });
  });

  it.each([
    [{ secret: 'p' }, 'identifier is required: your Bluesky handle or e-mail'],
    [{ identifier: '@', secret: 'p' }, 'identifier is required: your Bluesky handle or e-mail'],
    [{ identifier: 'alice', secret: '' }, 'secret is required: a Bluesky app password'],
    [{ identifier: 'alice' }, 'secret is required: a Bluesky app password'],
  ])('%j: %s', (body, message) => {
    expect(messageOf(() => bluesky(body))).toBe(message);
  });
});

describe('TelegramCredentialsDto', () => {
  const TOKEN = '777000111:AAH-fake-bot-token-for-tests_0123';
  const telegram = (body: unknown) => ({ ...validateInput(TelegramCredentialsDto, body) });

  it('the token and chat trimmed; other fields dropped', () => {
    expect(telegram({ secret: ` ${TOKEN} `, chatId: ' @mychannel ', identifier: 'x' })).toEqual({ secret: TOKEN, chatId: '@mychannel' });
  });

  it.each([
    [{ secret: 'hello', chatId: '@c' }, 'secret must be a bot token from @BotFather (digits, a colon, then the key)'],
    [{ chatId: '@c' }, 'secret must be a bot token from @BotFather (digits, a colon, then the key)'],
    [{ secret: TOKEN }, 'chatId is required: the channel or group as @name or numeric id'],
    [{ secret: TOKEN, chatId: '  ' }, 'chatId is required: the channel or group as @name or numeric id'],
  ])('%j: %s', (body, message) => {
    expect(messageOf(() => telegram(body))).toBe(message);
  });
});
