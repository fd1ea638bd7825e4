import { asMediaItems, placeholderMedia, tokenProblem } from './post-validation';

describe('validate-post rules', () => {
  it('turns planned media into items the content checks read', () => {
    const [video, image] = asMediaItems([
      { contentType: 'video/mp4', size: 5 },
      { contentType: 'image/jpeg', size: 3 },
    ]);
    expect(video).toMatchObject({ kind: 'video', mimeType: 'video/mp4', size: 5 });
    expect(image).toMatchObject({ kind: 'image', mimeType: 'image/jpeg', size: 3 });
  });

  it('stands in one file of the kind a media-only platform needs', () => {
    const base = {
      label: 'Demo',
      maxTextLength: 100,
      maxImages: 10,
      maxVideos: 1,
      noMixedMedia: false,
      autoThreads: false,
      convertWebpToJpeg: false,
      videoMimeTypes: [],
    };
    expect(placeholderMedia({ ...base, requiresMedia: false, videoOnly: false })).toEqual([]);
    expect(placeholderMedia({ ...base, requiresMedia: true, videoOnly: false })).toEqual([{ contentType: 'image/jpeg', size: 1 }]);
    expect(placeholderMedia({ ...base, requiresMedia: true, videoOnly: true, videoMimeTypes: ['video/quicktime'] })).toEqual([
      { contentType: 'video/quicktime', size: 1 },
    ]);
  });

  it('flags a token that is expired by publish time and cannot be refreshed', () => {
    const at = new Date('2030-01-02T00:00:00Z');
    expect(tokenProblem('Mastodon', null, at, false)).toBeNull();
    expect(tokenProblem('X', new Date('2030-01-01T00:00:00Z'), at, true)).toBeNull();
    expect(tokenProblem('X', new Date('2030-01-03T00:00:00Z'), at, false)).toBeNull();
    expect(tokenProblem('Threads', new Date('2030-01-01T00:00:00Z'), at, false)).toBe(
      'The Threads access token expires at 2030-01-01T00:00:00.000Z, before the post would be published, and cannot be refreshed: reconnect the account',
    );
  });
});
