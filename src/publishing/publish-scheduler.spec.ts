import { claimRoom } from './publish-scheduler.service';

describe('claim room of the publishing scheduler', () => {
  const settings = { concurrency: 16, claimBatch: 100 };

  it('fills the pool and one round queued behind it when idle', () => {
    expect(claimRoom(settings, 0)).toBe(32);
    expect(claimRoom({ concurrency: 16, claimBatch: 20 }, 0)).toBe(20);
  });

  it('while work is queued, waits for half a pool of room, then claims all of it', () => {
    expect(claimRoom(settings, 31)).toBe(0);
    expect(claimRoom(settings, 25)).toBe(0);
    expect(claimRoom(settings, 24)).toBe(8);
    expect(claimRoom(settings, 10)).toBe(22);
    expect(claimRoom(settings, 32)).toBe(0);
  });

  it('with one slot, claims one post behind the running one', () => {
    expect(claimRoom({ concurrency: 1, claimBatch: 5 }, 0)).toBe(2);
    expect(claimRoom({ concurrency: 1, claimBatch: 5 }, 1)).toBe(1);
    expect(claimRoom({ concurrency: 1, claimBatch: 5 }, 2)).toBe(0);
  });
});
