// ObjectIds as the engine keys and orders them: a flat 13-character key per id (the docs map, the
// _id hash and every index entry hold one) and a comparison that allocates nothing.
import { ObjectId } from 'bson';
import { compareObjectIds, compareValues, keyString, objectIdKey } from '../src/bson/values';

const ids = [
  new ObjectId('000000000000000000000000'),
  new ObjectId('00000000000000000000ff00'),
  new ObjectId('0000000000000000000100ff'),
  new ObjectId('7f0000000000000000000000'),
  new ObjectId('80ffffffffffffffffffffff'),
  new ObjectId('ff0000000000000000000001'),
  new ObjectId('ffffffffffffffffffffffff'),
  ...Array.from({ length: 50 }, () => new ObjectId()),
];
const hexOrder = (a: ObjectId, b: ObjectId) => (a.toHexString() < b.toHexString() ? -1 : a.toHexString() > b.toHexString() ? 1 : 0);

describe('ObjectId keys', () => {
  it('is one character per byte after the type tag, equal for equal ids and distinct otherwise', () => {
    for (const id of ids) {
      const key = keyString(id);
      expect(key).toBe(objectIdKey(id));
      expect(key).toHaveLength(13);
      expect(key[0]).toBe('o');
      expect(Buffer.from(key.slice(1), 'latin1').toString('hex')).toBe(id.toHexString());
      expect(keyString(new ObjectId(id.toHexString()))).toBe(key);
    }
    expect(new Set(ids.map(keyString)).size).toBe(new Set(ids.map((id) => id.toHexString())).size);
  });

  it('orders keys as the bytes order (the index tie-break compares id keys as strings)', () => {
    const byKey = [...ids].sort((a, b) => (keyString(a) < keyString(b) ? -1 : keyString(a) > keyString(b) ? 1 : 0));
    expect(byKey.map((id) => id.toHexString())).toEqual([...ids].sort(hexOrder).map((id) => id.toHexString()));
  });

  it('compares ids by their bytes, also for an id that only exposes `id` (another bson version)', () => {
    const bytesOnly = (id: ObjectId) => ({ _bsontype: 'ObjectId', id: id.id, toHexString: () => id.toHexString() });
    for (const a of ids) {
      for (const b of ids.slice(0, 10)) {
        const expected = Math.sign(hexOrder(a, b));
        expect(Math.sign(compareObjectIds(a, b))).toBe(expected);
        expect(Math.sign(compareValues(a, b))).toBe(expected);
        expect(Math.sign(compareObjectIds(bytesOnly(a), b))).toBe(expected);
      }
      expect(objectIdKey(bytesOnly(a))).toBe(objectIdKey(a));
    }
  });

  it("orders an id against other types by MongoDB's type order, and equal ids as equal", () => {
    const id = ids[3];
    for (const lower of [null, 5, 'str', { a: 1 }, [1], new Uint8Array([1])]) {
      expect(Math.sign(compareValues(id, lower))).toBe(1);
      expect(Math.sign(compareValues(lower, id))).toBe(-1);
    }
    for (const higher of [true, new Date(0), /x/]) {
      expect(Math.sign(compareValues(id, higher))).toBe(-1);
      expect(Math.sign(compareValues(higher, id))).toBe(1);
    }
    expect(compareValues(id, new ObjectId(id.toHexString()))).toBe(0);
  });

  it('keeps composite keys unambiguous (an id byte may be any character)', () => {
    const a = new ObjectId('2c5b5d2c5b5d2c5b5d2c5b5d'); // bytes that read as ",[]" repeated
    expect(keyString([a, 'x'])).not.toBe(keyString([a, 'y']));
    expect(keyString({ k: a })).not.toBe(keyString({ k: new ObjectId('2c5b5d2c5b5d2c5b5d2c5b5e') }));
  });
});
