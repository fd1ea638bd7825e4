import { ConfigurationError, decodeKey, validateEnvironment } from './environment';

describe('validateEnvironment', () => {
  it('applies the documented defaults when nothing is set', () => {
    const env = validateEnvironment({});
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      LOG_LEVEL: 'info',
      NODE_ENV: 'development',
      SCHEDULER_INTERVAL_MS: 5000,
      DEMO_ACCOUNT: true,
    });
    expect(env.MONGODB_URI).toBeUndefined();
    expect(env.PUBLIC_BASE_URL).toBeUndefined();
  });

  it('converts numbers and booleans from strings', () => {
    const env = validateEnvironment({ PORT: '8080', DEMO_ACCOUNT: 'false', SCHEDULER_ENABLED: '0' });
    expect(env.PORT).toBe(8080);
    expect(env.DEMO_ACCOUNT).toBe(false);
    expect(env.SCHEDULER_ENABLED).toBe(false);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['LOG_LEVEL', 'loud'],
    ['PUBLIC_BASE_URL', 'not a url'],
    ['NODE_ENV', 'staging'],
    ['BOOTSTRAP_ADMIN_EMAIL', 'nobody'],
    ['SESSION_SECRET', 'short'],
  ])('stops on a bad %s, naming it', (name, value) => {
    expect(() => validateEnvironment({ [name]: value, BOOTSTRAP_ADMIN_PASSWORD: name === 'BOOTSTRAP_ADMIN_EMAIL' ? 'password123' : undefined })).toThrow(
      new RegExp(`^Invalid configuration:\\n${name}: `),
    );
  });

  it('requires SESSION_SECRET and ENCRYPTION_KEY in production', () => {
    expect(() => validateEnvironment({ NODE_ENV: 'production' })).toThrow(
      'Invalid configuration:\nSESSION_SECRET: required in production\nENCRYPTION_KEY: required in production',
    );
  });

  it('rejects an ENCRYPTION_KEY that is not 32 bytes', () => {
    expect(() => validateEnvironment({ ENCRYPTION_KEY: 'abcd' })).toThrow(/ENCRYPTION_KEY: must be 32 bytes/);
  });

  it('bounds a request body by 30 s of silence by default, and wants the headers limit within the whole-request limit', () => {
    expect(validateEnvironment({})).toMatchObject({ HTTP_BODY_TIMEOUT_MS: 30_000, HTTP_HEADERS_TIMEOUT_MS: 30_000, HTTP_REQUEST_TIMEOUT_MS: 3_600_000 });
    expect(() => validateEnvironment({ HTTP_HEADERS_TIMEOUT_MS: '60000', HTTP_REQUEST_TIMEOUT_MS: '10000' })).toThrow(
      'Invalid configuration:\nHTTP_HEADERS_TIMEOUT_MS: must not be longer than HTTP_REQUEST_TIMEOUT_MS (the headers are part of the request)',
    );
    expect(validateEnvironment({ HTTP_HEADERS_TIMEOUT_MS: '60000', HTTP_REQUEST_TIMEOUT_MS: '0' }).HTTP_HEADERS_TIMEOUT_MS).toBe(60_000);
    expect(() => validateEnvironment({ HTTP_BODY_TIMEOUT_MS: '-1' })).toThrow(/^Invalid configuration:\nHTTP_BODY_TIMEOUT_MS: /);
  });

  it('OUTBOUND_ALLOWED_HOSTS: origins only, never a metadata host; the message names the variable and the entry', () => {
    expect(validateEnvironment({ OUTBOUND_ALLOWED_HOSTS: 'https://mastodon.intranet, http://127.0.0.1:8080' }).OUTBOUND_ALLOWED_HOSTS).toBe(
      'https://mastodon.intranet, http://127.0.0.1:8080',
    );
    expect(validateEnvironment({}).OUTBOUND_ALLOWED_HOSTS).toBe('');
    expect(() => validateEnvironment({ OUTBOUND_ALLOWED_HOSTS: 'https://mastodon.intranet/api' })).toThrow(
      'Invalid configuration:\nOUTBOUND_ALLOWED_HOSTS: "https://mastodon.intranet/api" is not an origin: use http(s)://host[:port], without path, query or credentials',
    );
    expect(() => validateEnvironment({ OUTBOUND_ALLOWED_HOSTS: 'http://169.254.169.254' })).toThrow(
      'Invalid configuration:\nOUTBOUND_ALLOWED_HOSTS: "http://169.254.169.254" is a cloud metadata endpoint, which is never allowed',
    );
  });

  it('wants both bootstrap admin variables or neither', () => {
    expect(() => validateEnvironment({ BOOTSTRAP_ADMIN_EMAIL: 'a@b.co' })).toThrow(ConfigurationError);
    expect(validateEnvironment({ BOOTSTRAP_ADMIN_EMAIL: 'a@b.co', BOOTSTRAP_ADMIN_PASSWORD: 'long-enough' }).BOOTSTRAP_ADMIN_EMAIL).toBe('a@b.co');
  });
});

describe('decodeKey', () => {
  it('accepts 64 hex characters and 32-byte base64', () => {
    expect(decodeKey('ab'.repeat(32))?.length).toBe(32);
    expect(decodeKey(Buffer.alloc(32, 1).toString('base64'))?.length).toBe(32);
    expect(decodeKey('too-short')).toBeNull();
  });
});
