import { classifyMastodonError, isMediaStillProcessing } from './mastodon.errors';
import { mastodonHtmlToText } from './mastodon.reconcile';

describe('classifyMastodonError', () => {
  it('401 → auth expired with the instance text', () => {
    const err = classifyMastodonError(401, new Headers(), { error: 'The access token is invalid' });
    expect(err.code).toBe('PLATFORM_AUTH_EXPIRED');
    expect(err.options).toMatchObject({ retryable: false, httpStatus: 401, platformError: 'The access token is invalid' });
  });
  it('429 → rate limited until the ISO reset', () => {
    const reset = new Date(Date.now() + 60_000).toISOString();
    const err = classifyMastodonError(429, new Headers({ 'x-ratelimit-reset': reset }), { error: 'Too many requests' });
    expect(err.code).toBe('RATE_LIMITED');
    expect(err.options.retryAfterMs).toBeGreaterThan(55_000);
  });
  it('422 → validation error, 502 → server error', () => {
    expect(classifyMastodonError(422, new Headers(), { error: 'Validation failed' }).code).toBe('PLATFORM_VALIDATION_ERROR');
    expect(classifyMastodonError(502, new Headers(), null).options.retryable).toBe(true);
  });
  it('recognises the "still processing" 422', () => {
    expect(isMediaStillProcessing(422, { error: 'Cannot attach files that have not finished processing. Try again in a moment!' })).toBe(true);
    expect(isMediaStillProcessing(422, { error: 'Validation failed: Text character limit of 500 exceeded' })).toBe(false);
  });
});

describe('mastodonHtmlToText', () => {
  it('turns rendered status HTML back into comparable text', () => {
    const html =
      '<p>Read <a href="https://example.com/x"><span class="invisible">https://</span><span class="">example.com/x</span></a> &amp; &lt;more&gt;</p><p>line<br />two</p>';
    expect(mastodonHtmlToText(html)).toBe('Read https://example.com/x & <more> line two');
  });
});
