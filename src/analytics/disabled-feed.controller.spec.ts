import { notFoundHtml } from './disabled-feed.controller';

describe('notFoundHtml', () => {
  it('is the framework default page, escaped', () => {
    expect(notFoundHtml('POST', '/api/v1/linkedin-posts')).toBe(
      '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n<pre>Cannot POST /api/v1/linkedin-posts</pre>\n</body>\n</html>\n',
    );
    expect(notFoundHtml('POST', '/a<b>')).toContain('Cannot POST /a&lt;b&gt;');
  });
});
