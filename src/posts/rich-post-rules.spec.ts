import { FIRST_COMMENT_MAX_LENGTH } from '@app/rules';
import { messageOf } from '@test/support/refusals';
import { validateInput } from '../common/validation/validate-input';
import { CreatePostDto } from './dto/create-post.dto';
import { DashboardUpdatePostDto, UpdatePostDto } from './dto/update-post.dto';
import { parseDashboardUpdate, textEditsOf } from './post-edits';
import { MAX_CONTENT_LENGTH, toCreatePostInput } from './post-rules';
import { contentOverridesProblem, firstCommentPlatformsProblem, overrideFor, unchosenOverrideKey } from './rich-post-rules';

const base = { content: 'Hello', platforms: ['twitter-1', 'linkedin-2'] };
const create = (extra: Record<string, unknown>) => validateInput(CreatePostDto, { ...base, ...extra });

describe('overrideFor', () => {
  it("takes the account's key over its platform's, else the platform's, else none", () => {
    const overrides = { twitter: 'for X', 'twitter-1': 'for this account' };
    expect(overrideFor(overrides, 'twitter-1')).toBe('for this account');
    expect(overrideFor(overrides, 'twitter-2')).toBe('for X');
    expect(overrideFor(overrides, 'linkedin-2')).toBeUndefined();
    expect(overrideFor(undefined, 'twitter-1')).toBeUndefined();
    // An inherited name is no key.
    expect(overrideFor({}, 'constructor-1')).toBeUndefined();
  });
});

describe('contentOverridesProblem', () => {
  it('names a key that is not a chosen account nor its platform', () => {
    expect(contentOverridesProblem({ bluesky: 'x' }, base.platforms, MAX_CONTENT_LENGTH)).toBe(
      'contentOverrides key "bluesky" is not one of the chosen platforms: use a compound id from platforms or its platform name',
    );
    expect(contentOverridesProblem({ 'twitter-9': 'x' }, base.platforms, MAX_CONTENT_LENGTH)).toMatch(/key "twitter-9"/);
    expect(contentOverridesProblem({ twitter: 'x', 'linkedin-2': 'y' }, base.platforms, MAX_CONTENT_LENGTH)).toBeNull();
    expect(unchosenOverrideKey({ twitter: 'x', mastodon: 'y' }, base.platforms)).toBe('mastodon');
  });

  it('checks each text as content, the message naming the key', () => {
    expect(contentOverridesProblem({ twitter: '  ' }, null, MAX_CONTENT_LENGTH)).toBe('contentOverrides "twitter" must be a non-empty string');
    expect(contentOverridesProblem({ twitter: 5 }, null, MAX_CONTENT_LENGTH)).toBe('contentOverrides "twitter" must be a non-empty string');
    expect(contentOverridesProblem({ twitter: 'abcd' }, null, 3)).toBe('contentOverrides "twitter" must be at most 3 characters');
    expect(contentOverridesProblem({ twitter: 'ab\u0000c' }, null, MAX_CONTENT_LENGTH)).toBe(
      'contentOverrides "twitter" must not contain control characters other than tab, line feed and carriage return: U+0000 at character 3',
    );
    expect(contentOverridesProblem({ twitter: 'a\ud800' }, null, MAX_CONTENT_LENGTH)).toBe(
      'contentOverrides "twitter" must be valid Unicode text: an unpaired surrogate U+D800 at character 2',
    );
  });
});

describe('firstCommentPlatformsProblem', () => {
  it('names every chosen platform that takes no comment, in request order, by label', () => {
    expect(firstCommentPlatformsProblem('hi', ['tiktok', 'twitter', 'pinterest', 'telegram', 'tiktok'])).toBe(
      'firstComment is not supported on TikTok, Pinterest, Telegram: remove the first comment or those platforms',
    );
  });

  it("names every platform whose text limit it exceeds, measured that platform's way", () => {
    // 300 graphemes fit Bluesky (300) but not X (280); 301 fit neither.
    expect(firstCommentPlatformsProblem('a'.repeat(300), ['twitter', 'bluesky', 'linkedin'])).toBe(
      'firstComment exceeds the character limit on Twitter/X (280, currently 300): shorten it',
    );
    expect(firstCommentPlatformsProblem('a'.repeat(501), ['threads', 'bluesky'])).toBe(
      'firstComment exceeds the character limit on Threads (500, currently 501), Bluesky (300, currently 501): shorten it',
    );
    // X counts a URL as 23: 250 + 1 + 23 characters fit its 280.
    expect(firstCommentPlatformsProblem(`${'a'.repeat(250)} https://example.com/launch`, ['twitter'])).toBeNull();
  });
});

describe('create-post contentOverrides and firstComment', () => {
  it('accepts an object or its JSON string, and keeps a body without them as it was', () => {
    expect(toCreatePostInput(create({ contentOverrides: { twitter: 'X text' } })).contentOverrides).toEqual({ twitter: 'X text' });
    expect(toCreatePostInput(create({ contentOverrides: '{"linkedin-2":"LI"}' })).contentOverrides).toEqual({ 'linkedin-2': 'LI' });
    expect(toCreatePostInput(create({ contentOverrides: {} }))).not.toHaveProperty('contentOverrides');
    const plain = toCreatePostInput(create({}));
    expect(plain).not.toHaveProperty('contentOverrides');
    expect(plain).not.toHaveProperty('firstComment');
    expect(toCreatePostInput(create({ firstComment: 'Link: https://example.com' })).firstComment).toBe('Link: https://example.com');
  });

  it('refuses with messages that say what to do', () => {
    expect(messageOf(() => create({ contentOverrides: '{nope' }))).toBe('Invalid contentOverrides JSON');
    expect(messageOf(() => create({ contentOverrides: ['x'] }))).toBe('contentOverrides must be an object');
    expect(messageOf(() => create({ contentOverrides: 'null' }))).toBe('contentOverrides must be an object');
    expect(messageOf(() => create({ contentOverrides: { mastodon: 'x' } }))).toMatch(/^contentOverrides key "mastodon" is not one of the chosen platforms/);
    expect(messageOf(() => create({ firstComment: ' ' }))).toBe('firstComment must be a non-empty string');
    expect(messageOf(() => create({ firstComment: 7 }))).toBe('firstComment must be a non-empty string');
    expect(messageOf(() => create({ firstComment: 'a'.repeat(FIRST_COMMENT_MAX_LENGTH + 1) }))).toBe(
      `firstComment must be at most ${FIRST_COMMENT_MAX_LENGTH} characters`,
    );
    expect(messageOf(() => create({ firstComment: 'a\u0007' }))).toMatch(/^firstComment must not contain control characters .*: U\+0007 at character 2$/);
    expect(messageOf(() => create({ platforms: ['tiktok-1', 'telegram-2'], firstComment: 'hi' }))).toBe(
      'firstComment is not supported on TikTok, Telegram: remove the first comment or those platforms',
    );
  });

  it("answers the platforms' own message first when they are malformed", () => {
    expect(messageOf(() => validateInput(CreatePostDto, { content: 'x', platforms: 'nope', contentOverrides: { a: 'b' }, firstComment: 'x' }))).toBe(
      'Invalid platforms JSON format',
    );
  });
});

describe('update-post text edits', () => {
  it('keeps the spec message for a body without any change, and accepts the text edits alone', () => {
    expect(messageOf(() => validateInput(UpdatePostDto, {}))).toBe('Either status or scheduledTime must be provided');
    expect(messageOf(() => validateInput(UpdatePostDto, { status: '' }))).toBe('Either status or scheduledTime must be provided');
    expect(textEditsOf(validateInput(UpdatePostDto, { firstComment: null }))).toEqual({ firstComment: null });
    expect(textEditsOf(validateInput(UpdatePostDto, { firstComment: '' }))).toEqual({ firstComment: null });
    expect(textEditsOf(validateInput(UpdatePostDto, { contentOverrides: {} }))).toEqual({ contentOverrides: {} });
    expect(textEditsOf(validateInput(UpdatePostDto, { contentOverrides: null }))).toEqual({ contentOverrides: {} });
    expect(textEditsOf(validateInput(UpdatePostDto, { status: 'draft' }))).toEqual({});
    expect(messageOf(() => validateInput(UpdatePostDto, { contentOverrides: { x: '' } }))).toBe('contentOverrides "x" must be a non-empty string');
    expect(messageOf(() => validateInput(UpdatePostDto, { firstComment: '  ' }))).toBe('firstComment must be a non-empty string');
  });

  it("the dashboard's edit carries them beside content and platforms", () => {
    expect(parseDashboardUpdate({ contentOverrides: { twitter: 'X' }, firstComment: 'c' }).edits).toEqual({
      contentOverrides: { twitter: 'X' },
      firstComment: 'c',
    });
    expect(messageOf(() => validateInput(DashboardUpdatePostDto, {}))).toBe('Either status or scheduledTime must be provided');
  });
});
