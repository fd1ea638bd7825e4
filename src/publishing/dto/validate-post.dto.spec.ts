import { messageOf } from '@test/support/refusals';
import { validateInput } from '../../common/validation/validate-input';
import { ValidatePostMediaDto } from './validate-post.dto';

const MEDIA_MESSAGE = 'media must be an array of { contentType, size? } (contentType image/*, video/* or application/pdf, size in bytes)';

/** What PostValidationService reads: the optional media description, as plain values. */
const plannedMedia = (media: unknown) => {
  const checked = validateInput(ValidatePostMediaDto, { content: 'x', platforms: ['linkedin-a'], media }).media;
  return checked ? checked.map((m) => ({ ...m })) : null;
};

describe('ValidatePostMediaDto (validate-post media)', () => {
  it('reads the optional media description, refusing anything else with one clear message', () => {
    expect(plannedMedia(undefined)).toBeNull();
    expect(plannedMedia([{ contentType: 'Video/MP4', size: 10 }, { contentType: 'image/png' }])).toEqual([
      { contentType: 'video/mp4', size: 10 },
      { contentType: 'image/png', size: 0 },
    ]);
    for (const bad of ['x', [{ contentType: 'text/html' }], [{ contentType: 'image/png', size: -1 }], [{}], Array(21).fill({ contentType: 'image/png' })]) {
      expect(messageOf(() => plannedMedia(bad))).toBe(MEDIA_MESSAGE);
    }
  });

  it('null is absent; items that are not objects and sizes that are not whole byte counts are refused', () => {
    expect(plannedMedia(null)).toBeNull();
    for (const bad of [
      [null],
      ['image/png'],
      [{ contentType: 'image/png', size: 1.5 }],
      [{ contentType: 'image/png', size: '10' }],
      [{ contentType: 'image/png', size: null }],
    ]) {
      expect(messageOf(() => plannedMedia(bad))).toBe(MEDIA_MESSAGE);
    }
  });

  it("leaves create-post's fields to create-post's rules (their refusal is the answer, not a 400)", () => {
    expect(validateInput(ValidatePostMediaDto, { content: '', platforms: 'not json', media: [{ contentType: 'image/png', size: 1 }] })).toEqual({
      media: [{ contentType: 'image/png', size: 1 }],
    });
  });
});
