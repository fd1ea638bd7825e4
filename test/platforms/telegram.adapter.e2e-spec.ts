import { FakeTelegramServer, fakeVideoBytes, makeImage, mediaItem } from '@test/support/fakes';
import { TelegramAdapter } from '../../src/platforms/telegram';
import { PlatformCredentials, PublishRequest } from '../../src/platforms/platform-adapter';
import { IMPATIENT, SLOW_FAULT_MS, fakeEndpoints, rejectionOf } from './fake-endpoints';

describe('TelegramAdapter against a fake Bot API', () => {
  const fake = new FakeTelegramServer();
  const TOKEN = '123456:ABC-secret';
  let adapter: TelegramAdapter;
  let impatient: TelegramAdapter; // short timeouts, for the timeout tests
  const privateChannel: PlatformCredentials = { externalId: '-1009876543210', accessToken: TOKEN, type: 'bot' };
  const publicChannel: PlatformCredentials = { externalId: '-1001111', accessToken: TOKEN, type: 'bot' };
  const request = (over: Partial<PublishRequest> = {}): PublishRequest => ({
    content: 'Hello channel',
    media: [],
    settings: {},
    idempotencyKey: 'k',
    ...over,
  });

  beforeAll(async () => {
    const base = await fake.start();
    adapter = new TelegramAdapter(fakeEndpoints(base));
    impatient = new TelegramAdapter(fakeEndpoints(base, IMPATIENT));
  });
  beforeEach(async () => {
    await fake.settle();
    fake.reset();
    fake.messages.length = 0;
    fake.setToken(TOKEN);
    fake.addChat({ id: -1009876543210, type: 'channel', title: 'Private', botStatus: 'administrator' });
    fake.addChat({ id: -1001111, type: 'channel', title: 'News', username: 'newsroom', botStatus: 'administrator' });
  });
  afterAll(() => fake.stop());

  it('sendMessage to a private channel → t.me/c/<id without -100>/<mid>', async () => {
    const result = await adapter.publish(privateChannel, request());
    const [msg] = fake.messages;
    expect(msg).toMatchObject({ method: 'sendMessage', text: 'Hello channel', chatId: -1009876543210 });
    expect(result).toEqual({ postedId: String(msg.message_id), publishedUrl: `https://t.me/c/9876543210/${msg.message_id}` });
    expect(fake.calls('POST /bot')[0].path).toBe(`/bot${TOKEN}/sendMessage`);
  });

  it('public channel links use the username; replies carry reply_parameters', async () => {
    const first = await adapter.publish(publicChannel, request());
    expect(first.publishedUrl).toBe(`https://t.me/newsroom/${first.postedId}`);
    await adapter.publish(publicChannel, request({ content: 'follow-up', replyToId: first.postedId }));
    expect(fake.messages[1].replyTo).toBe(Number(first.postedId));
  });

  it('one photo → sendPhoto multipart with caption; WebP is sent as JPEG', async () => {
    const webp = mediaItem(await makeImage('webp'), { kind: 'image', mimeType: 'image/webp', fileName: 'pic.webp' });
    await adapter.publish(privateChannel, request({ content: 'caption!', media: [webp] }));
    expect(fake.messages[0]).toMatchObject({
      method: 'sendPhoto',
      caption: 'caption!',
      files: [{ field: 'photo', contentType: 'image/jpeg', fileName: 'pic.jpg' }],
    });
  });

  it('several photos → one sendMediaGroup, caption on the first only', async () => {
    const png = await makeImage('png');
    const media = [1, 2, 3].map((i) => mediaItem(png, { kind: 'image', mimeType: 'image/png', fileName: `p${i}.png` }));
    const result = await adapter.publish(privateChannel, request({ content: 'album', media }));
    expect(fake.calls('sendMediaGroup')).toHaveLength(1);
    expect(fake.messages.map((m) => m.caption)).toEqual(['album', undefined, undefined]);
    expect(fake.messages.map((m) => m.files[0].fileName)).toEqual(['p1.png', 'p2.png', 'p3.png']);
    expect(result.postedId).toBe(String(fake.messages[0].message_id));
  });

  it('video → sendVideo with the bytes uploaded', async () => {
    const video = mediaItem(fakeVideoBytes(100_000), { kind: 'video', mimeType: 'video/mp4', fileName: 'v.mp4' });
    await adapter.publish(privateChannel, request({ media: [video] }));
    expect(fake.messages[0]).toMatchObject({ method: 'sendVideo', files: [{ field: 'video', size: 100_000 }] });
  });

  it('Telegram options switched on → the Bot API fields: link_preview_options, disable_notification, protect_content', async () => {
    const settings = { disableWebPagePreview: true, disableNotification: true, showCaptionAboveMedia: true, protectContent: true };
    await adapter.publish(privateChannel, request({ content: 'see https://example.com', settings }));
    expect(fake.messages[0].options).toEqual({ link_preview_options: { is_disabled: true }, disable_notification: true, protect_content: true });
    expect(fake.calls('sendMessage')[0].body).toEqual({
      chat_id: '-1009876543210',
      text: 'see https://example.com',
      link_preview_options: { is_disabled: true },
      disable_notification: true,
      protect_content: true,
    });
  });

  it('media messages carry show_caption_above_media; an album sets it on the captioned item', async () => {
    const settings = { showCaptionAboveMedia: true, disableNotification: true, protectContent: false, disableWebPagePreview: true };
    const png = await makeImage('png');
    const one = mediaItem(png, { kind: 'image', mimeType: 'image/png', fileName: 'one.png' });
    await adapter.publish(privateChannel, request({ content: 'photo', media: [one], settings }));
    expect(fake.messages[0]).toMatchObject({ method: 'sendPhoto', options: { show_caption_above_media: 'true', disable_notification: 'true' } });
    expect(Object.keys(fake.messages[0].options!).sort()).toEqual(['disable_notification', 'show_caption_above_media']);

    const video = mediaItem(fakeVideoBytes(50_000), { kind: 'video', mimeType: 'video/mp4', fileName: 'v.mp4' });
    await adapter.publish(privateChannel, request({ content: 'clip', media: [video], settings }));
    expect(fake.messages[1]).toMatchObject({ method: 'sendVideo', options: { show_caption_above_media: 'true', disable_notification: 'true' } });

    const album = [1, 2].map((i) => mediaItem(png, { kind: 'image', mimeType: 'image/png', fileName: `a${i}.png` }));
    await adapter.publish(privateChannel, request({ content: 'album', media: album, settings: { showCaptionAboveMedia: true, protectContent: true } }));
    expect(fake.messages.slice(2).map((m) => m.options)).toEqual([{ show_caption_above_media: true, protect_content: 'true' }, { protect_content: 'true' }]);
  });

  it('options left at their defaults (or not given) add no field to the request', async () => {
    const png = mediaItem(await makeImage('png'), { kind: 'image', mimeType: 'image/png' });
    await adapter.publish(privateChannel, request({ settings: { disableWebPagePreview: false, disableNotification: false } }));
    await adapter.publish(privateChannel, request({ media: [png] }));
    expect(fake.messages.map((m) => m.options)).toEqual([undefined, undefined]);
    expect(fake.calls('sendMessage')[0].body).toEqual({ chat_id: '-1009876543210', text: 'Hello channel' });
  });

  it('a connection that is not a bot cannot publish or validate', async () => {
    const user = { ...privateChannel, type: 'channel' };
    const err = await rejectionOf(adapter.publish(user, request()));
    expect(err.message).toBe('Telegram connections must use a bot token');
    expect(err.options.retryable).toBe(false);
    await expect(adapter.validate(user)).resolves.toMatchObject({ ok: false, message: 'Telegram connections must use a bot token' });
    expect(fake.requests).toHaveLength(0);
  });

  it('revoked bot token → PLATFORM_AUTH_EXPIRED; bot kicked (403) → permanent', async () => {
    fake.setToken(TOKEN, 'revoked');
    const revoked = await rejectionOf(adapter.publish(privateChannel, request()));
    expect(revoked.code).toBe('PLATFORM_AUTH_EXPIRED');
    expect(revoked.options).toMatchObject({ retryable: false, httpStatus: 401, platformError: 'Unauthorized' });

    fake.setToken(TOKEN);
    fake.chats.get('-1009876543210')!.botStatus = 'kicked';
    const kicked = await rejectionOf(adapter.publish(privateChannel, request()));
    expect(kicked.code).toBe('PLATFORM_AUTH_EXPIRED');
    expect(kicked.options).toMatchObject({ retryable: false, httpStatus: 403 });
    expect(kicked.message).toMatch(/bot was kicked/);
  });

  it('429 with parameters.retry_after → RATE_LIMITED with retryAfterMs', async () => {
    fake.inject({ kind: 'rate_limit', match: 'sendMessage', retryAfterSeconds: 35 });
    const err = await rejectionOf(adapter.publish(privateChannel, request()));
    expect(err.code).toBe('RATE_LIMITED');
    expect(err.options).toMatchObject({ retryable: true, retryAfterMs: 35_000, httpStatus: 429 });
  });

  it('5xx → retryable; slow send → TIMEOUT_ERROR with outcomeUnknown', async () => {
    fake.inject({ kind: 'server_error', match: 'sendMessage' });
    const server = await rejectionOf(adapter.publish(privateChannel, request()));
    expect(server.code).toBe('PLATFORM_SERVER_ERROR');
    expect(server.options.retryable).toBe(true);

    fake.inject({ kind: 'slow', match: 'sendPhoto', delayMs: SLOW_FAULT_MS });
    const png = mediaItem(await makeImage('png'), { kind: 'image', mimeType: 'image/png' });
    const timeout = await rejectionOf(impatient.publish(privateChannel, request({ media: [png] })));
    expect(timeout.code).toBe('TIMEOUT_ERROR');
    expect(timeout.options.outcomeUnknown).toBe(true);
  });

  it('Telegram’s own validation message is kept', async () => {
    const err = await rejectionOf(adapter.publish({ ...privateChannel, externalId: '-100404' }, request()));
    expect(err.code).toBe('PLATFORM_VALIDATION_ERROR');
    expect(err.options.platformError).toBe('Bad Request: chat not found');
  });

  it('validate: getMe + getChatMember; revoked → ok=false; bot removed → ok=false', async () => {
    await expect(adapter.validate(privateChannel)).resolves.toMatchObject({
      ok: true,
      username: 'poster_bot',
      message: 'Connection is valid',
      permissions: expect.arrayContaining(['administrator', 'can_post_messages']),
    });
    fake.chats.get('-1009876543210')!.botStatus = 'left';
    await expect(adapter.validate(privateChannel)).resolves.toMatchObject({ ok: false, message: expect.stringMatching(/not a member/) });
    fake.setToken(TOKEN, 'revoked');
    await expect(adapter.validate(privateChannel)).resolves.toMatchObject({ ok: false, message: 'Access token expired or revoked' });
  });

  it('checkContent: 4096 text, 1024 caption with media, photos or one video', () => {
    const img = mediaItem(Buffer.from('x'), { kind: 'image', mimeType: 'image/png' });
    const vid = mediaItem(Buffer.from('x'), { kind: 'video', mimeType: 'video/mp4' });
    expect(adapter.checkContent({ content: 'x'.repeat(4096), media: [], settings: {} })).toBeNull();
    expect(adapter.checkContent({ content: 'x'.repeat(4097), media: [], settings: {} })).toBe(
      "Content exceeds Telegram's 4096 character limit (currently 4097)",
    );
    expect(adapter.checkContent({ content: 'x'.repeat(1025), media: [img], settings: {} })).toMatch(/1024 character caption limit/);
    expect(adapter.checkContent({ content: 'x', media: Array(11).fill(img), settings: {} })).toMatch(/at most 10 images/);
    expect(adapter.checkContent({ content: 'x', media: [img, vid], settings: {} })).toMatch(/cannot mix images and video/);
  });
});
