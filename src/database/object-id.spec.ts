import { isObjectIdString } from './object-id';

describe('isObjectIdString', () => {
  it('takes 24 hexadecimal characters of either case, nothing else', () => {
    expect(isObjectIdString('665f1c2b9d3e4a0012345678')).toBe(true);
    expect(isObjectIdString('665F1C2B9D3E4A0012345678')).toBe(true);
    expect(isObjectIdString('665f1c2b9d3e4a001234567')).toBe(false);
    expect(isObjectIdString('zzzf1c2b9d3e4a0012345678')).toBe(false);
    expect(isObjectIdString(12)).toBe(false);
    expect(isObjectIdString(null)).toBe(false);
  });
});
