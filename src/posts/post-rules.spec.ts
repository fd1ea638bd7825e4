import { ApiError } from '../common/api-error';
import { validateInput } from '../common/validation/validate-input';
import { CreatePostDto } from './dto/create-post.dto';
import { UpdatePostDto } from './dto/update-post.dto';
import { MAX_CONTENT_LENGTH, mergePlatformSettings, parseScheduledTime, planUpdate, toCreatePostInput, toUpdatePostInput, UPDATE_MESSAGES } from './post-rules';

// The DTOs' checks (what every transport runs) and the conversion to the service's input.
const parseCreatePost = (body: unknown) => toCreatePostInput(validateInput(CreatePostDto, body));
const parseUpdatePost = (body: unknown) => toUpdatePostInput(validateInput(UpdatePostDto, body));

function messageOf(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    if (err instanceof ApiError) return err.message;
    throw err;
  }
  throw new Error('expected an ApiError');
}

const NOW = new Date('2030-06-15T12:00:00.000Z');
const LATER = new Date('2030-06-20T09:30:00.000Z');
const EARLIER = new Date('2030-06-10T09:30:00.000Z');

describe('parseScheduledTime', () => {
  it.each(['2030-06-20T09:30:00.000Z', '2030-06-20T09:30:00Z', '2030-06-20T09:30:00+00:00', '2030-06-20T09:30:00.000+00:00'])('accepts %s', (v) =>
    expect(parseScheduledTime(v)?.toISOString()).toBe('2030-06-20T09:30:00.000Z'),
  );
  it.each(['2030-06-20', '2030-06-20T09:30Z', '2030-06-20T09:30:00+02:00', '2030-02-30T00:00:00Z', 'tomorrow', '', '2030-06-20 09:30:00Z'])('refuses %s', (v) =>
    expect(parseScheduledTime(v)).toBeNull(),
  );
  it('refuses non-strings', () => {
    expect(parseScheduledTime(1234)).toBeNull();
    expect(parseScheduledTime({})).toBeNull();
  });
});

describe('CreatePostDto', () => {
  const ok = { content: 'Hello', platforms: ['linkedin-abc'] };

  it('content is at most MAX_CONTENT_LENGTH characters, counted as code points', () => {
    expect(() => parseCreatePost({ content: 'a'.repeat(MAX_CONTENT_LENGTH), platforms: ['linkedin-a'] })).not.toThrow();
    // 100,000 emoji are 200,000 UTF-16 units but 100,000 characters.
    expect(() => parseCreatePost({ content: '😀'.repeat(MAX_CONTENT_LENGTH), platforms: ['linkedin-a'] })).not.toThrow();
    expect(messageOf(() => parseCreatePost({ content: 'a'.repeat(MAX_CONTENT_LENGTH + 1), platforms: ['linkedin-a'] }))).toBe(
      'Content must be at most 100000 characters',
    );
  });

  it('content is required and not blank', () => {
    expect(messageOf(() => parseCreatePost({ platforms: ['linkedin-a'] }))).toBe('Content is required');
    expect(messageOf(() => parseCreatePost({ content: '   \n', platforms: ['linkedin-a'] }))).toBe('Content is required');
    expect(messageOf(() => parseCreatePost({ content: 5, platforms: ['linkedin-a'] }))).toBe('Content is required');
  });

  it('platforms: required, array or JSON string, non-empty, strict pattern', () => {
    expect(messageOf(() => parseCreatePost({ content: 'x' }))).toBe('Platforms are required');
    expect(messageOf(() => parseCreatePost({ content: 'x', platforms: null }))).toBe('Platforms are required');
    expect(messageOf(() => parseCreatePost({ content: 'x', platforms: [] }))).toBe('At least one platform is required');
    expect(messageOf(() => parseCreatePost({ content: 'x', platforms: '[]' }))).toBe('At least one platform is required');
    expect(messageOf(() => parseCreatePost({ content: 'x', platforms: 'linkedin-a' }))).toBe('Invalid platforms JSON format');
    expect(messageOf(() => parseCreatePost({ content: 'x', platforms: '{"a":1}' }))).toBe('Platforms must be an array');
    expect(messageOf(() => parseCreatePost({ content: 'x', platforms: { a: 1 } }))).toBe('Platforms must be an array');
    expect(messageOf(() => parseCreatePost({ content: 'x', platforms: ['bluesky-did:plc:abc'] }))).toBe('Invalid platform ID format: bluesky-did:plc:abc');
    expect(messageOf(() => parseCreatePost({ content: 'x', platforms: ['LinkedIn-abc'] }))).toBe('Invalid platform ID format: LinkedIn-abc');
    expect(messageOf(() => parseCreatePost({ content: 'x', platforms: ['linkedin'] }))).toBe('Invalid platform ID format: linkedin');
    expect(messageOf(() => parseCreatePost({ content: 'x', platforms: [42] }))).toBe('Invalid platform ID format: 42');
  });

  it('accepts a JSON string of ids, telegram negative ids, and de-duplicates', () => {
    const parsed = parseCreatePost({ content: 'x', platforms: '["telegram--100123","linkedin-a_b","telegram--100123"]' });
    expect(parsed.platformIds).toEqual(['telegram--100123', 'linkedin-a_b']);
    expect(parsed.scheduledTime).toBeUndefined();
  });

  it('scheduledTime: optional, strict format', () => {
    expect(parseCreatePost({ ...ok, scheduledTime: '2030-06-20T09:30:00Z' }).scheduledTime).toEqual(LATER);
    expect(parseCreatePost({ ...ok, scheduledTime: null }).scheduledTime).toBeUndefined();
    expect(messageOf(() => parseCreatePost({ ...ok, scheduledTime: 'next week' }))).toBe('Invalid scheduled time format');
  });

  it('platformSettings errors', () => {
    expect(messageOf(() => parseCreatePost({ ...ok, platformSettings: '{bad' }))).toBe('Invalid platformSettings JSON');
    expect(messageOf(() => parseCreatePost({ ...ok, platformSettings: '[1]' }))).toBe('platformSettings must be an object');
    expect(messageOf(() => parseCreatePost({ ...ok, platformSettings: [] }))).toBe('platformSettings must be an object');
    expect(messageOf(() => parseCreatePost({ ...ok, platformSettings: 'null' }))).toBe('platformSettings must be an object');
    expect(messageOf(() => parseCreatePost({ ...ok, platformSettings: 7 }))).toBe('platformSettings must be an object');
  });
});

describe('mergePlatformSettings', () => {
  it('defaults for the four platforms when absent', () => {
    const merged = mergePlatformSettings(undefined);
    expect(Object.keys(merged).sort()).toEqual(['instagram', 'threads', 'tiktok', 'youtube']);
    expect(merged.youtube).toEqual({ privacy: 'public', title: '' });
    expect(merged.tiktok.viewerSetting).toBe('PUBLIC_TO_EVERYONE');
  });

  it('merges field by field, drops other platforms, ignores non-object values', () => {
    const merged = mergePlatformSettings({
      youtube: { title: 'T' },
      myspace: { mood: 'happy' },
      instagram: 'STORIES',
      threads: { replyControl: 'mentioned_only' },
    });
    expect(merged.youtube).toEqual({ privacy: 'public', title: 'T' });
    expect(merged.instagram).toEqual({ videoType: 'REELS' });
    expect(merged.threads).toEqual({ replyControl: 'mentioned_only' });
    expect(merged).not.toHaveProperty('myspace');
    expect(merged).not.toHaveProperty('telegram');
  });

  it('keeps telegram and linkedin only when given, over their own defaults', () => {
    const merged = mergePlatformSettings({ telegram: { protectContent: true }, linkedin: 'x' });
    expect(merged.telegram).toEqual({ disableWebPagePreview: false, disableNotification: false, showCaptionAboveMedia: false, protectContent: true });
    expect(merged).not.toHaveProperty('linkedin');
    expect(mergePlatformSettings({ linkedin: { documentTitle: 'Deck' } }).linkedin).toEqual({ documentTitle: 'Deck' });
  });
});

describe('UpdatePostDto', () => {
  it('both falsy', () => {
    for (const body of [{}, { status: '', scheduledTime: '' }, { status: null, scheduledTime: 0 }, { status: 0 }]) {
      expect(messageOf(() => parseUpdatePost(body))).toBe('Either status or scheduledTime must be provided');
    }
  });
  it('bad status', () => {
    expect(messageOf(() => parseUpdatePost({ status: 'published' }))).toBe("Status must be either 'draft' or 'scheduled'");
    expect(messageOf(() => parseUpdatePost({ status: true }))).toBe("Status must be either 'draft' or 'scheduled'");
  });
  it('bad time', () => {
    expect(messageOf(() => parseUpdatePost({ scheduledTime: '2030-06-20' }))).toBe('Invalid scheduled time format');
    expect(messageOf(() => parseUpdatePost({ status: 'scheduled', scheduledTime: 12 }))).toBe('Invalid scheduled time format');
  });
  it('empty status with a time counts as absent', () => {
    expect(parseUpdatePost({ status: '', scheduledTime: '2030-06-20T09:30:00Z' })).toEqual({ status: undefined, scheduledTime: LATER });
  });
});

describe('planUpdate (state table)', () => {
  it('refuses groups that are not draft or scheduled', () => {
    for (const status of ['published', 'failed', 'partially_published'] as const) {
      expect(messageOf(() => planUpdate({ status }, { status: 'draft' }, NOW))).toBe(`Cannot update post: post is currently in ${status} status`);
    }
  });

  it('draft → scheduled: body time', () => {
    expect(planUpdate({ status: 'draft' }, { status: 'scheduled', scheduledTime: LATER }, NOW)).toEqual({
      status: 'scheduled',
      scheduledTime: LATER,
      statusChanged: true,
      needsLimitCheck: true,
      message: UPDATE_MESSAGES.scheduled,
    });
  });

  it('draft → scheduled: existing time, else now; a past one becomes now', () => {
    expect(planUpdate({ status: 'draft', scheduledTime: LATER }, { status: 'scheduled' }, NOW).scheduledTime).toEqual(LATER);
    expect(planUpdate({ status: 'draft' }, { status: 'scheduled' }, NOW).scheduledTime).toEqual(NOW);
    expect(planUpdate({ status: 'draft', scheduledTime: EARLIER }, { status: 'scheduled' }, NOW).scheduledTime).toEqual(NOW);
  });

  it('a past body time becomes now', () => {
    expect(planUpdate({ status: 'draft' }, { status: 'scheduled', scheduledTime: EARLIER }, NOW).scheduledTime).toEqual(NOW);
  });

  it('scheduled → draft keeps the existing time and skips limit checks', () => {
    expect(planUpdate({ status: 'scheduled', scheduledTime: LATER }, { status: 'draft' }, NOW)).toEqual({
      status: 'draft',
      scheduledTime: LATER,
      statusChanged: true,
      needsLimitCheck: false,
      message: UPDATE_MESSAGES.draft,
    });
  });

  it('scheduled + new time: rescheduled with limit checks', () => {
    const plan = planUpdate({ status: 'scheduled', scheduledTime: LATER }, { scheduledTime: EARLIER }, NOW);
    expect(plan).toMatchObject({ status: 'scheduled', scheduledTime: NOW, needsLimitCheck: true, statusChanged: false });
    expect(plan.message).toBe(UPDATE_MESSAGES.rescheduled);
  });

  it('draft + time only: stays draft, time stored, no limit check', () => {
    expect(planUpdate({ status: 'draft' }, { scheduledTime: LATER }, NOW)).toEqual({
      status: 'draft',
      scheduledTime: LATER,
      statusChanged: false,
      needsLimitCheck: false,
      message: UPDATE_MESSAGES.timeUpdated,
    });
  });

  it('no-ops', () => {
    expect(planUpdate({ status: 'scheduled', scheduledTime: EARLIER }, { status: 'scheduled' }, NOW)).toEqual({
      status: 'scheduled',
      scheduledTime: EARLIER,
      statusChanged: false,
      needsLimitCheck: false,
      message: UPDATE_MESSAGES.unchanged,
    });
    expect(planUpdate({ status: 'draft' }, { status: 'draft' }, NOW).message).toBe(UPDATE_MESSAGES.unchanged);
  });
});
