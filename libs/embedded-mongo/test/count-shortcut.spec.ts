import { countShortcut } from '../src/commands/pipeline';

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

describe('$count is answered from the input length too', () => {
  it('gives one document with the count, none for an empty input, and leaves invalid names to the pipeline', () => {
    expect(countShortcut({ $count: 'n' }, 7)).toEqual([{ n: 7 }]);
    expect(countShortcut({ $count: 'n' }, 0)).toEqual([]);
    expect(countShortcut({ $count: '$n' }, 3)).toBeNull();
    expect(countShortcut({ $count: 'a.b' }, 3)).toBeNull();
  });
});
