import { createHmac } from 'node:crypto';
import { generateWebhookSecret, signPayload, verifySignature } from './signature';
import { serializePayload } from './webhook-events';

describe('webhook signatures', () => {
  it('secrets are whsec_ + 64 hex and unique', () => {
    const a = generateWebhookSecret();
    expect(a).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(generateWebhookSecret()).not.toBe(a);
  });

  it('signs the exact bytes with HMAC-SHA256 (hex), keyed by the whole secret', () => {
    const body = serializePayload('post.published', new Date('2026-01-02T03:04:05.000Z'), {
      postId: 'p',
      postGroupId: 'g',
      platform: 'twitter',
      publishedAt: '2026-01-02T03:04:05.000Z',
    });
    expect(body).toBe(
      '{"event":"post.published","timestamp":"2026-01-02T03:04:05.000Z","data":{"postId":"p","postGroupId":"g","platform":"twitter","publishedAt":"2026-01-02T03:04:05.000Z"}}',
    );
    const secret = 'whsec_' + 'ab'.repeat(32);
    const sig = signPayload(secret, Buffer.from(body));
    expect(sig).toBe(createHmac('sha256', secret).update(body).digest('hex'));
    expect(verifySignature(secret, body, sig)).toBe(true);
    expect(verifySignature(secret, body + ' ', sig)).toBe(false);
    expect(verifySignature(secret, body, 'abcd')).toBe(false);
    expect(verifySignature('whsec_other', body, sig)).toBe(false);
  });
});
