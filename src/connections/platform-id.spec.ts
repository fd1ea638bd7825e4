import { PLATFORM_NAMES } from '@app/rules';
import { CREATE_PLATFORM_ID_PATTERN } from '../posts/post-rules';
import { compoundPlatformId, idPartOf, parseLoosePlatformId, platformIdPart } from './platform-id';

describe('parseLoosePlatformId', () => {
  it.each([
    ['twitter-12345', { platform: 'twitter', id: '12345' }],
    ['TWITTER-12345', { platform: 'twitter', id: '12345' }],
    ['Mastodon-109000001', { platform: 'mastodon', id: '109000001' }],
    ['telegram--1001234567', { platform: 'telegram', id: '-1001234567' }],
    ['bluesky-did:plc:abc123', { platform: 'bluesky', id: 'did:plc:abc123' }],
    ['bluesky-abc123', { platform: 'bluesky', id: 'abc123' }],
    ['linkedin-urn-with-dashes', { platform: 'linkedin', id: 'urn-with-dashes' }],
    ['unknownplatform-1', { platform: 'unknownplatform', id: '1' }],
  ])('%s', (input, expected) => {
    expect(parseLoosePlatformId(input)).toEqual(expected);
  });

  it.each(['twitter', '-12345', 'twitter-', '', '-', ' -1', 'twitter- '])('rejects %j', (input) => {
    expect(parseLoosePlatformId(input)).toBeNull();
  });
});

describe('compoundPlatformId', () => {
  // The external ids the connect providers store, as each platform issues them.
  it.each([
    ['twitter', '1500000000000000001', 'twitter-1500000000000000001'],
    ['linkedin', 'abc-DEF_123', 'linkedin-abc-DEF_123'],
    ['linkedin', '2414183', 'linkedin-2414183'],
    ['instagram', '17841400000000001', 'instagram-17841400000000001'],
    ['threads', '26000000000000001', 'threads-26000000000000001'],
    ['tiktok', '-000OFVmuvYbAWZEtGNcqZzWJ2QFgmd0FTuT', 'tiktok--000OFVmuvYbAWZEtGNcqZzWJ2QFgmd0FTuT'],
    ['tiktok', '723f24d7-e717-40f8-a2b6-cb8464cd23b4', 'tiktok-723f24d7-e717-40f8-a2b6-cb8464cd23b4'],
    ['youtube', 'UC_x5XG1OV2P6uZZ5FSM9Ttw', 'youtube-UC_x5XG1OV2P6uZZ5FSM9Ttw'],
    ['facebook', '104000000000001', 'facebook-104000000000001'],
    ['mastodon', '109000001', 'mastodon-109000001'],
    ['mastodon', 'AbCdEf0123456789xY', 'mastodon-AbCdEf0123456789xY'],
    ['telegram', '-1001234567890', 'telegram--1001234567890'],
    ['pinterest', '549755813888', 'pinterest-549755813888'],
  ])('keeps %s id %s as it is', (platform, externalId, expected) => {
    expect(compoundPlatformId(platform, externalId)).toBe(expected);
  });

  it.each([
    ['did:plc:ewvi7nxzyoun6zhxrhs64oiz', 'bluesky-ewvi7nxzyoun6zhxrhs64oiz'],
    ['did:web:alice.example.com', 'bluesky-web_alice_example_com'],
    ['did:web:localhost%3A8443', 'bluesky-web_localhost__8443'],
    ['did:web:pds.my-host.example', 'bluesky-web_pds_my-host_example'],
  ])('gives Bluesky DID %s the id %s', (did, expected) => {
    expect(compoundPlatformId('bluesky', did)).toBe(expected);
  });

  it('hashes what it cannot spell: other DIDs, ids with other characters, ids shaped like a hash', () => {
    expect(platformIdPart('bluesky', 'did:web:example.com:user:alice')).toMatch(/^id_[0-9a-f]{32}$/);
    expect(platformIdPart('bluesky', 'did:key:z6Mkabc')).toMatch(/^id_[0-9a-f]{32}$/);
    expect(platformIdPart('bluesky', 'alice.bsky.social')).toMatch(/^id_[0-9a-f]{32}$/);
    expect(platformIdPart('linkedin', 'urn:li:person:abc')).toMatch(/^id_[0-9a-f]{32}$/);
    expect(platformIdPart('tiktok', 'open.id+1')).toMatch(/^id_[0-9a-f]{32}$/);
    const hashLike = platformIdPart('linkedin', 'urn:li:person:abc');
    expect(platformIdPart('linkedin', hashLike)).not.toBe(hashLike);
    expect(platformIdPart('linkedin', 'urn:li:person:abc')).toBe(hashLike);
  });

  it('every id part matches create-post’s pattern and no two external ids of a platform share one', () => {
    const externalIds = [
      'did:plc:ewvi7nxzyoun6zhxrhs64oiz',
      'ewvi7nxzyoun6zhxrhs64oiz',
      'did:plc:EWVI7NXZYOUN6ZHXRHS64OIZ',
      'did:web:alice.example.com',
      'did:web:alice.example.com%3A443',
      'did:web:alice.example.com%3a443',
      'did:web:alice..example.com',
      'did:web:alice_example_com',
      'web_alice_example_com',
      'did:web:a%3A8',
      'did:web:a.8',
      '-1001234567890',
      '1001234567890',
      'urn:li:person:abc',
      'urn_li_person_abc',
      'a b',
      'é',
      '',
      'id_0123456789abcdef0123456789abcdef',
      'ID_0123456789abcdef0123456789abcdef',
    ];
    for (const platform of PLATFORM_NAMES) {
      const ids = externalIds.map((e) => compoundPlatformId(platform, e));
      for (const id of ids) expect(id).toMatch(CREATE_PLATFORM_ID_PATTERN);
      expect(new Set(ids).size).toBe(externalIds.length);
    }
  });

  it('is the platform, one dash and the id part; idPartOf takes the part back', () => {
    expect(compoundPlatformId('telegram', '-100')).toBe('telegram--100');
    expect(idPartOf('telegram--100')).toBe('-100');
    expect(idPartOf(compoundPlatformId('bluesky', 'did:plc:abc'))).toBe('abc');
    expect(idPartOf('bluesky-did:plc:abc')).toBe('did:plc:abc');
  });
});
