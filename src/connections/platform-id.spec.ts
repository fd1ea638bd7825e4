import { compoundPlatformId, isPlatformName, parseLoosePlatformId } from './platform-id';

describe('parseLoosePlatformId', () => {
  it.each([
    ['twitter-12345', { platform: 'twitter', externalId: '12345' }],
    ['TWITTER-12345', { platform: 'twitter', externalId: '12345' }],
    ['Mastodon-109000001', { platform: 'mastodon', externalId: '109000001' }],
    ['telegram--1001234567', { platform: 'telegram', externalId: '-1001234567' }],
    ['bluesky-did:plc:abc123', { platform: 'bluesky', externalId: 'did:plc:abc123' }],
    ['linkedin-urn-with-dashes', { platform: 'linkedin', externalId: 'urn-with-dashes' }],
    ['unknownplatform-1', { platform: 'unknownplatform', externalId: '1' }],
  ])('%s', (input, expected) => {
    expect(parseLoosePlatformId(input)).toEqual(expected);
  });

  it.each(['twitter', '-12345', 'twitter-', '', '-', ' -1', 'twitter- '])('rejects %j', (input) => {
    expect(parseLoosePlatformId(input)).toBeNull();
  });
});

describe('compound ids and platform names', () => {
  it('joins with one dash', () => {
    expect(compoundPlatformId('telegram', '-100')).toBe('telegram--100');
  });
  it('knows the eleven platforms only', () => {
    expect(isPlatformName('pinterest')).toBe(true);
    expect(isPlatformName('Twitter')).toBe(false);
    expect(isPlatformName('myspace')).toBe(false);
  });
});
