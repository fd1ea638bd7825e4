import { escapeLittleText, toLinkedInCommentary } from './linkedin.text';

describe('LinkedIn little text', () => {
  it('escapes every reserved character', () => {
    expect(escapeLittleText('a\\b|c{d}e@f[g]h(i)j<k>l#m*n_o~p')).toBe('a\\\\b\\|c\\{d\\}e\\@f\\[g\\]h\\(i\\)j\\<k\\>l\\#m\\*n\\_o\\~p');
  });

  it('leaves ordinary text alone', () => {
    expect(escapeLittleText('Hello, world! 50% off: https://example.com/x?y=1')).toBe('Hello, world! 50% off: https://example.com/x?y=1');
  });

  it('escapes hashtags and parentheses in commentary', () => {
    expect(toLinkedInCommentary('Launch day #ai (finally)')).toBe('Launch day \\#ai \\(finally\\)');
  });

  it('turns our mention syntax into little-text mentions', () => {
    expect(toLinkedInCommentary('Thanks @{urn:li:organization:2414183|Acme (EU)} and @you!')).toBe(
      'Thanks @[Acme \\(EU\\)](urn:li:organization:2414183) and \\@you!',
    );
  });
});
