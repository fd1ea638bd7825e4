import { aspectRatio, isAcceptedVideo, isSafeKey, parseFrameRate, parseRange, sanitizeFileName, storageKey, videoMimeTypeFor } from './media-names';

describe('sanitizeFileName (spec rule)', () => {
  it.each([
    ['  my photo (1)!.png ', 'my_photo_1.png'],
    ['été à la plage.jpg', 't__la_plage.jpg'],
    ['a  b.mp4', 'a__b.mp4'],
    ['../../etc/passwd', '....etcpasswd'],
    ['ok-name_1.2.webp', 'ok-name_1.2.webp'],
    ['###', 'file'],
    ['', 'file'],
  ])('%j → %j', (input, expected) => expect(sanitizeFileName(input)).toBe(expected));
});

describe('storageKey', () => {
  it('is <type>/<userId>/<random>-<sanitised>', () => {
    expect(storageKey('video', 'u1', 'abc', 'my clip.mp4')).toBe('video/u1/abc-my_clip.mp4');
    expect(storageKey(null, 'u1', 'abc', 'x.png')).toBe('unknown-type/u1/abc-x.png');
  });
  it('shortens a 255-character name so the last segment fits a file system name (255), extension kept', () => {
    const key = storageKey('image', 'u1', '0123456789abcdef', `${'a'.repeat(251)}.png`);
    const last = key.split('/').pop()!;
    expect(last.length).toBe(255);
    expect(last.endsWith('aaa.png')).toBe(true);
  });
});

describe('isSafeKey', () => {
  it.each([
    ['image/u/abc-x.png', true],
    ['image/u/abc-....etcpasswd', true],
    ['../x', false],
    ['image/../x', false],
    ['.tmp/x', false],
    ['/abs', false],
    ['a//b', false],
    ['a/b c', false],
    ['', false],
  ])('%j → %s', (key, ok) => expect(isSafeKey(key)).toBe(ok));
});

describe('isAcceptedVideo', () => {
  it.each([
    ['video/mp4', 'a.bin', true],
    ['video/quicktime', 'a.mov', true],
    ['video/x-msvideo', 'a.avi', true],
    ['video/x-matroska', 'a.mkv', true],
    ['video/webm', 'a.webm', true],
    ['application/octet-stream', 'a.MKV', true],
    ['application/octet-stream', 'a.exe', false],
    ['text/plain', 'a.mp4', false],
    ['video/ogg', 'a.ogv', false],
    ['image/png', 'a.png', false],
  ])('%s %s → %s', (mime, name, ok) => expect(isAcceptedVideo(mime, name)).toBe(ok));

  it('maps generic types by extension', () => {
    expect(videoMimeTypeFor('a.mov', 'application/octet-stream')).toBe('video/quicktime');
    expect(videoMimeTypeFor('a.mov', 'video/mp4')).toBe('video/mp4');
  });
});

describe('parseRange', () => {
  it.each([
    [undefined, 100, null],
    ['bytes=0-9', 100, { start: 0, end: 9 }],
    ['bytes=90-', 100, { start: 90, end: 99 }],
    ['bytes=-10', 100, { start: 90, end: 99 }],
    ['bytes=-500', 100, { start: 0, end: 99 }],
    ['bytes=50-5000', 100, { start: 50, end: 99 }],
    ['bytes=100-', 100, 'unsatisfiable'],
    ['bytes=9-3', 100, 'unsatisfiable'],
    ['bytes=-0', 100, 'unsatisfiable'],
    ['bytes=0-1,5-6', 100, null],
    ['items=0-1', 100, null],
  ])('%j of %d → %j', (header, size, expected) => expect(parseRange(header, size)).toEqual(expected));
});

describe('parseFrameRate / aspectRatio', () => {
  it('parses ffprobe rates', () => {
    expect(parseFrameRate('30000/1001')).toBe(29.97);
    expect(parseFrameRate('25/1')).toBe(25);
    expect(parseFrameRate('0/0')).toBeUndefined();
    expect(parseFrameRate(undefined)).toBeUndefined();
  });
  it('rounds ratios', () => {
    expect(aspectRatio(1920, 1080)).toBe(1.7778);
    expect(aspectRatio(0, 10)).toBeUndefined();
  });
});
