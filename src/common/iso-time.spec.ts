import { isoTime } from './iso-time';

describe('isoTime', () => {
  const same = (ms: number) => expect(isoTime(new Date(ms))).toBe(new Date(ms).toISOString());
  /** The instants (as toISOString gives them) where isoTime differs. */
  const differences = (instants: number[]) =>
    instants.filter((ms) => isoTime(new Date(ms)) !== new Date(ms).toISOString()).map((ms) => new Date(ms).toISOString());

  it('matches toISOString at the edges of its range, of days, months, years and leap days', () => {
    for (const iso of [
      '0000-01-01T00:00:00.000Z',
      '0000-02-29T12:00:00.000Z',
      '0000-03-01T00:00:00.000Z',
      '0099-12-31T23:59:59.999Z',
      '0999-06-15T01:02:03.004Z',
      '1600-02-29T00:00:00.000Z',
      '1700-02-28T23:59:59.999Z',
      '1700-03-01T00:00:00.000Z',
      '1969-12-31T23:59:59.999Z',
      '1970-01-01T00:00:00.000Z',
      '2000-02-29T10:20:30.040Z',
      '2024-12-31T23:59:59.999Z',
      '2100-03-01T00:00:00.001Z',
      '9999-12-31T23:59:59.999Z',
    ]) {
      expect(isoTime(new Date(iso))).toBe(iso);
    }
  });

  it('matches toISOString on random instants from year 0 to 9999, and day by day across four centuries', () => {
    let seed = 19;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const instants = Array.from({ length: 50_000 }, () => -62_167_219_200_000 + Math.floor(random() * 315_537_897_600_000));
    for (let ms = Date.UTC(1899, 11, 31, 23, 59, 59, 999); ms < Date.UTC(2301, 0, 1); ms += 86_400_000) instants.push(ms);
    expect(differences(instants)).toEqual([]);
  });

  it('leaves other years and invalid dates to the builtin', () => {
    same(-62_167_219_200_001); // -000001-12-31T23:59:59.999Z
    same(253_402_300_800_000); // +010000-01-01T00:00:00.000Z
    same(8.64e15);
    expect(() => isoTime(new Date(NaN))).toThrow(RangeError);
  });
});
