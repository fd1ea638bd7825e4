// The update operators applied directly (plain fields and dotted paths through embedded
// documents) must leave a document exactly as mingo's updater does, and leave to mingo (and its
// errors) every path they do not handle: arrays or scalars on the way, a $push onto a non-array.
import { ObjectId } from 'bson';
import { update as mingoUpdate } from 'mingo';
import { applyUpdate } from '../src/query/update';
import { cloneDoc, Doc, keyString } from '../src/bson/values';

function reference(doc: Doc, u: Doc): Doc | string {
  const copy = cloneDoc(doc);
  try {
    mingoUpdate(copy, u as never);
  } catch (e) {
    return `error: ${(e as Error).message}`;
  }
  return copy;
}

function direct(doc: Doc, u: Doc): Doc | string {
  try {
    return applyUpdate(doc, u as never).doc;
  } catch (e) {
    return `error: ${(e as Error).message}`;
  }
}

describe('update operators applied directly', () => {
  const owner = new ObjectId();
  const base: Doc = { _id: 1, status: 'scheduled', claim: { owner: 'a', attempt: 1 }, n: 2, tags: ['x'], meta: { deep: { v: 1 } } };
  const cases: Array<[string, Doc, Doc]> = [
    ['$set of a field in an existing document', base, { $set: { 'claim.owner': 'b', 'claim.leaseUntil': new Date(5) } }],
    ['$set creating the documents on the way', { _id: 1 }, { $set: { 'claim.owner': owner, 'claim.token': 't', 'x.y.z': 1 } }],
    ['$set of an equal value', base, { $set: { 'meta.deep.v': 1 } }],
    ['$inc of a nested counter and a missing one', base, { $inc: { 'claim.attempt': 1, 'claim.other': 2 } }],
    ['$unset of nested fields, present and missing', base, { $unset: { 'claim.owner': '', 'missing.field': '', 'meta.deep.none': '' } }],
    ['$push onto a nested array, present and missing', { _id: 1, a: { list: [1] } }, { $push: { 'a.list': 2, 'a.other': { k: 1 } } }],
    ['$set and $inc together', base, { $set: { status: 'processing', 'claim.token': 't' }, $inc: { 'claim.attempt': 1 } }],
    ['$inc by zero and $unset of missing fields (no change)', base, { $inc: { 'claim.attempt': 0, n: 0 }, $unset: { 'claim.none': '', none: '' } }],
    ['$set of equal values (no change)', base, { $set: { status: 'scheduled', 'claim.owner': 'a', tags: ['x'] } }],
  ];
  it.each(cases)('%s', (_name, doc, u) => {
    const before = cloneDoc(doc);
    const expected = reference(doc, u);
    expect(direct(doc, u)).toEqual(expected);
    expect(doc).toEqual(before); // the stored version is never changed
    // "Modified" exactly when the stored document's canonical form changes.
    expect(applyUpdate(doc, u as never).changed).toBe(keyString(expected) !== keyString(doc));
  });

  it('leaves arrays, scalars and null on a path to mingo, and refuses a $push onto a non-array', () => {
    const out = (doc: Doc, u: Doc) => direct(doc, u);
    // Through an array of documents by index: mingo's semantics.
    expect(out({ _id: 1, a: [{ b: 1 }, { b: 2 }] }, { $set: { 'a.1.b': 9 } })).toEqual({ _id: 1, a: [{ b: 1 }, { b: 9 }] });
    // A scalar on the way cannot hold a field (PathNotViable); null on the way: as mingo applies it.
    expect(out({ _id: 1, a: 5 }, { $set: { 'a.b': 1 } })).toMatch(/^error: Cannot create field 'b'/);
    expect(out({ _id: 1, a: null }, { $set: { 'a.b': 1 } })).toEqual(reference({ _id: 1, a: null }, { $set: { 'a.b': 1 } }));
    // MongoDB refuses a $push onto a non-array, nested or not, naming the field by its last segment.
    expect(out({ _id: 1, a: { list: 'text' } }, { $push: { 'a.list': 1 } })).toBe(
      "error: The field 'list' must be an array but is of type string in document {_id: 1}",
    );
  });
});
