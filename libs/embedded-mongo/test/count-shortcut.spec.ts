import { countShortcut } from '../src/commands/aggregate';

describe('aggregate: the countDocuments shape is answered from the input length', () => {
  it('counts with a constant group key and $sum of a number, as MongoDB would', () => {
    expect(countShortcut({ $group: { _id: 1, n: { $sum: 1 } } }, 42)).toEqual([{ _id: 1, n: 42 }]);
    expect(countShortcut({ $group: { _id: null, n: { $sum: 2 }, m: { $sum: 1 } } }, 3)).toEqual([{ _id: null, n: 6, m: 3 }]);
  });

  it('answers no group for empty input (MongoDB returns no document)', () => {
    expect(countShortcut({ $group: { _id: 1, n: { $sum: 1 } } }, 0)).toEqual([]);
  });

  it('leaves every other shape to the pipeline', () => {
    expect(countShortcut({ $group: { _id: '$status', n: { $sum: 1 } } }, 5)).toBeNull();
    expect(countShortcut({ $group: { _id: 1, n: { $sum: '$amount' } } }, 5)).toBeNull();
    expect(countShortcut({ $group: { _id: 1, n: { $avg: 1 } } }, 5)).toBeNull();
    expect(countShortcut({ $group: { _id: { a: 1 }, n: { $sum: 1 } } }, 5)).toBeNull();
    expect(countShortcut({ $project: { a: 1 } }, 5)).toBeNull();
  });
});
