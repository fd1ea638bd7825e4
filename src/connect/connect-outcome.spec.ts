import { OutcomeSigner, textOfCode } from './connect-outcome';

describe('OutcomeSigner', () => {
  const signer = new OutcomeSigner('session-secret');
  const alice = '64b000000000000000000001';
  const bob = '64b000000000000000000002';

  it("shows a failure's own words to the user it was signed for", () => {
    const params = signer.params(alice, { error: 'token_exchange_failed', message: 'X refused the authorization code (invalid_grant)' });
    expect(params).toEqual({
      error: 'token_exchange_failed',
      message: 'X refused the authorization code (invalid_grant)',
      sig: expect.stringMatching(/^[\w-]{22}$/),
    });
    expect(signer.read(alice, params)).toEqual({ connected: false, message: 'X refused the authorization code (invalid_grant)' });
  });

  it("shows the code's fixed words for words signed for someone else, changed, unsigned or signed with another key", () => {
    const params = signer.params(alice, { error: 'access_denied', message: 'X access was not granted' });
    const fixed = { connected: false, message: 'Access was not granted' };
    expect(signer.read(bob, params)).toEqual(fixed);
    expect(signer.read(alice, { ...params, message: 'Call +1 555 0100 to restore your account' })).toEqual(fixed);
    expect(signer.read(alice, { ...params, error: 'invalid_state' })).toEqual({ connected: false, message: textOfCode('invalid_state') });
    expect(signer.read(alice, { error: params.error, message: params.message })).toEqual(fixed);
    expect(signer.read(alice, { ...params, sig: '' })).toEqual(fixed);
    expect(new OutcomeSigner('another-secret').read(alice, params)).toEqual(fixed);
  });

  it('a code it does not know gets a general sentence, also for names of Object.prototype', () => {
    expect(signer.read(alice, { error: 'whatever', message: 'Anything at all' })).toEqual({
      connected: false,
      message: 'The account was not connected: try again',
    });
    expect(textOfCode('constructor')).toBe('The account was not connected: try again');
    expect(textOfCode('toString')).toBe('The account was not connected: try again');
  });

  it('announces a connection only when signed for this user', () => {
    const params = signer.params(alice, { connected: 'bluesky-abc, mastodon-1' });
    expect(signer.read(alice, params)).toEqual({ connected: true, message: 'bluesky-abc, mastodon-1' });
    expect(signer.read(bob, params)).toBeNull();
    expect(signer.read(alice, { ...params, connected: 'Your account was suspended' })).toBeNull();
    expect(signer.read(alice, { connected: 'twitter-1' })).toBeNull();
  });

  it('an address with no outcome shows nothing; a signature never crosses kinds', () => {
    expect(signer.read(alice, {})).toBeNull();
    expect(signer.read(alice, { message: 'orphan words', sig: 'x' })).toBeNull();
    const connected = signer.params(alice, { connected: 'x' });
    expect(signer.read(alice, { error: 'connected', message: 'x', sig: connected.sig })).toEqual({ connected: false, message: textOfCode('connected') });
  });

  it('an outcome for no known user is unsigned; long words are cut to 1,000 characters before signing', () => {
    expect(signer.params(null, { error: 'invalid_state', message: 'm' })).toEqual({ error: 'invalid_state', message: 'm' });
    const long = signer.params(alice, { error: 'token_exchange_failed', message: 'a'.repeat(5000) });
    expect(long.message).toHaveLength(1000);
    expect(signer.read(alice, long)).toEqual({ connected: false, message: 'a'.repeat(1000) });
  });
});
