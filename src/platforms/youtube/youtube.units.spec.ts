import { classifyYouTubeError, msUntilPacificMidnight } from './youtube.errors';
import { youtubeVideoResource } from './youtube.metadata';

describe('youtubeVideoResource', () => {
  it('uses settings.title and privacy', () => {
    expect(youtubeVideoResource('desc', { title: ' My title ', privacy: 'unlisted' })).toEqual({
      snippet: { title: 'My title', description: 'desc', categoryId: '22' },
      status: { privacyStatus: 'unlisted', selfDeclaredMadeForKids: false },
    });
  });
  it('derives the title from the first 70 characters of the content', () => {
    const content = `${'é'.repeat(60)}\n\nmore words that go on and on`;
    const { snippet, status } = youtubeVideoResource(content, { title: '' });
    expect(snippet.title).toBe(`${'é'.repeat(60)} more word`);
    expect(snippet.description).toBe(content);
    expect(status.privacyStatus).toBe('public');
  });
});

describe('classifyYouTubeError', () => {
  const body = (reason: string, code = 403) => ({ error: { code, message: `${reason} message`, errors: [{ reason }] } });
  it('403 quotaExceeded → RATE_LIMITED until midnight Pacific', () => {
    const now = new Date('2024-01-15T07:00:00Z'); // 23:00 PST
    const err = classifyYouTubeError(403, new Headers(), body('quotaExceeded'), now);
    expect(err.code).toBe('RATE_LIMITED');
    expect(err.options).toMatchObject({ retryable: true, retryAfterMs: 3600_000, platformError: 'quotaExceeded: quotaExceeded message' });
  });
  it('401 and insufficientPermissions → auth; invalidTitle → validation; 503 → server', () => {
    expect(classifyYouTubeError(401, new Headers(), body('authError', 401)).code).toBe('PLATFORM_AUTH_EXPIRED');
    expect(classifyYouTubeError(403, new Headers(), body('insufficientPermissions')).code).toBe('PLATFORM_AUTH_EXPIRED');
    expect(classifyYouTubeError(400, new Headers(), body('invalidTitle', 400)).code).toBe('PLATFORM_VALIDATION_ERROR');
    expect(classifyYouTubeError(503, new Headers(), null).options.retryable).toBe(true);
  });
  it('msUntilPacificMidnight is within a day', () => {
    const ms = msUntilPacificMidnight();
    expect(ms).toBeGreaterThan(0);
    expect(ms).toBeLessThanOrEqual(24 * 3600_000);
  });
});
