import { collectionBackoffMs, firstStepAfter, nextStep, POST_COLLECTION_STEPS_MS, stepDueAt } from './collection-schedule';

const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.UTC(2026, 0, 1) + hours * HOUR);
const published = at(0);

describe('collection schedule', () => {
  it('reads a post at 1 h, 6 h, 24 h, 3 d, 7 d and 30 d, then stops', () => {
    expect(POST_COLLECTION_STEPS_MS.map((ms) => ms / HOUR)).toEqual([1, 6, 24, 72, 168, 720]);
    expect(stepDueAt(published, 0)).toEqual(at(1));
    expect(stepDueAt(published, 5)).toEqual(at(720));
    expect(stepDueAt(published, 6)).toBeNull();
  });

  it('starts a post published earlier at the first step still ahead', () => {
    expect(firstStepAfter(published, at(0))).toBe(0);
    expect(firstStepAfter(published, at(2))).toBe(1);
    expect(firstStepAfter(published, at(721))).toBeNull();
  });

  it('moves on to the next step, skipping those a late collection overran', () => {
    expect(nextStep(published, 0, at(1))).toEqual({ step: 1, dueAt: at(6) });
    // Collected step 1 three days late: the next read is the 7-day one.
    expect(nextStep(published, 1, at(80))).toEqual({ step: 4, dueAt: at(168) });
    expect(nextStep(published, 5, at(720))).toBeNull();
  });

  it('backs off 15 min doubling to 12 h, or the platform’s longer wait', () => {
    expect(collectionBackoffMs(1)).toBe(15 * 60_000);
    expect(collectionBackoffMs(3)).toBe(60 * 60_000);
    expect(collectionBackoffMs(20)).toBe(12 * HOUR);
    expect(collectionBackoffMs(1, 2 * HOUR)).toBe(2 * HOUR);
    expect(collectionBackoffMs(1, 100 * HOUR)).toBe(24 * HOUR);
  });
});
