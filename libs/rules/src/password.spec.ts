import { isAcceptablePassword, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './password';

describe('isAcceptablePassword', () => {
  it('takes 8 to 128 characters, both included', () => {
    expect([MIN_PASSWORD_LENGTH, MAX_PASSWORD_LENGTH]).toEqual([8, 128]);
    expect(isAcceptablePassword('x'.repeat(8))).toBe(true);
    expect(isAcceptablePassword('x'.repeat(128))).toBe(true);
  });

  it('refuses shorter, longer and non-strings', () => {
    expect(isAcceptablePassword('x'.repeat(7))).toBe(false);
    expect(isAcceptablePassword('x'.repeat(129))).toBe(false);
    expect(isAcceptablePassword(undefined)).toBe(false);
    expect(isAcceptablePassword(12345678)).toBe(false);
  });
});
