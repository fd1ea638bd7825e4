import { createHmac } from 'node:crypto';
import { newIdempotencyKey, ok, result, SpsApiError, verifyWebhookSignature, withIdempotencyKey } from './index';

const answer = (status: number, body: unknown) => {
  const response = new Response(JSON.stringify(body), { status, statusText: status === 200 ? 'OK' : 'Refused' });
  return Promise.resolve(status < 400 ? { data: body, response } : { error: body, response });
};

describe('SDK helpers', () => {
  it('withIdempotencyKey adds the header beside the other parameters; a fresh key each time unless given', () => {
    expect(withIdempotencyKey({ path: { id: 'w1' } }, 'k-1')).toEqual({ path: { id: 'w1' }, header: { 'Idempotency-Key': 'k-1' } });
    expect(withIdempotencyKey({ header: { 'x-service-user-id': 'u' } }, 'k-2')).toEqual({ header: { 'x-service-user-id': 'u', 'Idempotency-Key': 'k-2' } });
    const [a, b] = [withIdempotencyKey().header['Idempotency-Key'], withIdempotencyKey().header['Idempotency-Key']];
    expect(a).not.toBe(b);
    expect(newIdempotencyKey()).toMatch(/^[\x21-\x7e]{1,255}$/);
  });

  it('result gives data and status, or the refusal as { status, error, body }', async () => {
    expect(await result(answer(200, { success: true }))).toEqual({ data: { success: true }, status: 200 });
    expect(await result(answer(404, { error: 'Post group not found' }))).toEqual({
      error: { status: 404, error: 'Post group not found', body: { error: 'Post group not found' } },
      status: 404,
    });
  });

  it('ok gives the data, or throws SpsApiError with the status and message', async () => {
    expect(await ok(answer(200, { success: true }))).toEqual({ success: true });
    await expect(ok(answer(401, { error: 'Invalid API key' }))).rejects.toEqual(new SpsApiError(401, 'Invalid API key', { error: 'Invalid API key' }));
    await expect(ok(answer(502, 'Bad gateway'))).rejects.toMatchObject({ status: 502, error: 'Refused' });
  });

  it('verifyWebhookSignature: the hex HMAC-SHA256 of the exact bytes with the secret, nothing else', () => {
    const secret = 'whsec_0123456789abcdef';
    const body = '{"event":"webhook.test","timestamp":"2026-05-01T10:00:00.000Z","data":{"message":"é"}}';
    const signature = createHmac('sha256', secret).update(body).digest('hex');
    expect(verifyWebhookSignature({ secret, body, signature })).toBe(true);
    expect(verifyWebhookSignature({ secret, body: Buffer.from(body), signature: [signature.toUpperCase()] })).toBe(true);
    expect(verifyWebhookSignature({ secret, body: body.replace('é', 'e'), signature })).toBe(false);
    expect(verifyWebhookSignature({ secret, body: JSON.stringify(JSON.parse(body), null, 1), signature })).toBe(false);
    expect(verifyWebhookSignature({ secret: 'whsec_other', body, signature })).toBe(false);
    for (const wrong of [undefined, null, '', 'zz', signature.slice(2), `${signature}00`])
      expect(verifyWebhookSignature({ secret, body, signature: wrong })).toBe(false);
  });
});
