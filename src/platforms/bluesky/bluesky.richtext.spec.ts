import { detectFacets } from './bluesky.richtext';

const slice = (text: string, start: number, end: number) => Buffer.from(text, 'utf8').subarray(start, end).toString('utf8');

describe('detectFacets', () => {
  it('uses UTF-8 byte offsets for links after multi-byte text', () => {
    const text = 'Café 🎉 see https://example.com/path?q=1.';
    const [facet] = detectFacets(text);
    expect(facet.features).toEqual([{ $type: 'app.bsky.richtext.facet#link', uri: 'https://example.com/path?q=1' }]);
    expect(slice(text, facet.index.byteStart, facet.index.byteEnd)).toBe('https://example.com/path?q=1');
    expect(facet.index.byteStart).toBe(Buffer.byteLength('Café 🎉 see '));
  });

  it('finds hashtags (not numbers, not mid-word) and keeps them sorted with links', () => {
    const text = 'Été #naïve #1 mail#no https://a.example #last!';
    const facets = detectFacets(text);
    expect(facets.map((f) => f.features[0])).toEqual([
      { $type: 'app.bsky.richtext.facet#tag', tag: 'naïve' },
      { $type: 'app.bsky.richtext.facet#link', uri: 'https://a.example' },
      { $type: 'app.bsky.richtext.facet#tag', tag: 'last' },
    ]);
    expect(slice(text, facets[0].index.byteStart, facets[0].index.byteEnd)).toBe('#naïve');
    expect(slice(text, facets[2].index.byteStart, facets[2].index.byteEnd)).toBe('#last');
  });

  it('keeps a balanced closing parenthesis in a link', () => {
    const [facet] = detectFacets('(see https://en.wikipedia.org/wiki/Foo_(bar))');
    expect(facet.features[0]).toMatchObject({ uri: 'https://en.wikipedia.org/wiki/Foo_(bar)' });
  });

  it('no facets in plain text', () => expect(detectFacets('just words')).toEqual([]));
});
