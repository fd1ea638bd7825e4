// Running an aggregation pipeline over documents (the aggregate command's and explain's): each
// stage in mingo over MONGO_CONTEXT, numeric types restored after the stages that build documents,
// `$facet`, collated `$group`, an equality `$lookup` and plain `$project` run here. Also the
// find-shaped start of a pipeline (`findPrefix`) and countDocuments' shape (`countShortcut`).
import { Aggregator as RootAggregator, ProcessingMode } from 'mingo';
import { computeOptions } from '../query/operators';
import { MongoError } from '../errors';
import { allDocs, eqKey, Hit, isSimpleEqValue, MAX_COMBOS, scan } from '../query/planner';
import { restoreStageTypes } from '../query/agg-types';
import { Collation, collateValue, mingoCollation } from '../query/collation';
import { cloneDoc, Doc, isPlainObject, keyString } from '../bson/values';
import type { Collection } from '../storage/collection';
import { CommandContext, overlayFor } from './context';
import { simpleProjection } from './find';

// mingo's Aggregator and path reader without the root wrapper (the operator context is MONGO_CONTEXT).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const Aggregator = (require('mingo/aggregator') as { Aggregator: typeof RootAggregator }).Aggregator;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { resolve } = require('mingo/util') as { resolve(obj: object, selector: string): unknown };

const UNSUPPORTED = new Set([
  '$out',
  '$merge',
  '$changeStream',
  '$search',
  '$geoNear',
  '$collStats',
  '$indexStats',
  '$currentOp',
  '$listSessions',
  '$planCacheStats',
  '$searchMeta',
  '$vectorSearch',
]);

export function stageName(stage: unknown): string {
  return isPlainObject(stage) ? (Object.keys(stage)[0] ?? '') : '';
}

/** What the stages of one pipeline run share: mingo options built once, the collation. */
interface Run {
  ctx: CommandContext;
  collation?: Collation;
  /**
   * mingo options over MONGO_CONTEXT, built on first use (the operator context, hundreds of
   * entries, is copied once per run; a pipeline this file runs itself, such as list-posts'
   * equality $lookup, needs none).
   */
  readonly options: object;
  /** Whether the current stage may see other collections' stored documents by reference. */
  byReference: boolean;
}

function newRun(ctx: CommandContext, collation?: Collation): Run {
  let options: object | undefined;
  const run: Run = {
    ctx,
    collation,
    byReference: false,
    get options() {
      return (options ??= computeOptions({
        processingMode: ProcessingMode.CLONE_OFF,
        ...(collation ? { collation: mingoCollation(collation) } : {}),
        collectionResolver: (coll: string) => {
          const c = ctx.engine.get(`${ctx.db}.${coll}`);
          const all = allDocs(c, overlayFor(ctx, c));
          return run.byReference ? all : all.map((d) => cloneDoc(d));
        },
      }));
    },
  };
  return run;
}

export function runPipeline(ctx: CommandContext, input: Doc[], pipeline: Doc[], collation?: Collation): Doc[] {
  for (const stage of pipeline) {
    const name = stageName(stage);
    if (UNSUPPORTED.has(name)) throw new MongoError('NotImplemented', `${name} is not supported by the embedded MongoDB server`);
  }
  // One stage at a time, so that numeric types can be restored after each (query/agg-types.ts).
  // The input is copied once (with its type tables): mingo then works on the copies in place.
  // Stages whose output documents are input documents (or hold no stored number) need no
  // restoring: consecutive ones run as one mingo pipeline.
  const run = newRun(ctx, collation);
  let docs = input.map((d) => cloneDoc(d));
  for (let i = 0; i < pipeline.length;) {
    let j = i;
    while (j < pipeline.length && NEUTRAL.has(stageName(pipeline[j]))) j++;
    if (j - i > 1) {
      docs = runStages(run, docs, pipeline.slice(i, j));
      i = j;
    } else {
      docs = runStage(run, docs, pipeline[i]);
      i++;
    }
  }
  return docs;
}

const NEUTRAL = new Set(['$match', '$sort', '$limit', '$skip', '$sample', '$count']);

/** A field reference (`'$a.b'`), or undefined. */
function fieldPath(e: unknown): string | undefined {
  return typeof e === 'string' && e.startsWith('$') && !e.startsWith('$$') ? e.slice(1) : undefined;
}

/**
 * The `$group` key of each document. Field references (the common `_id: '$field'`, or an
 * object of them) are read directly; other expressions through mingo.
 */
function groupKeysOf(run: Run, docs: Doc[], id: unknown): unknown[] | undefined {
  const path = fieldPath(id);
  if (path) return docs.map((d) => resolve(d, path) ?? null);
  if (isPlainObject(id) && Object.values(id).every((e) => fieldPath(e))) {
    const fields = Object.entries(id).map(([k, e]) => [k, fieldPath(e)!] as const);
    return docs.map((d) => {
      const key: Doc = {};
      for (const [k, p] of fields) {
        const v = resolve(d, p);
        if (v !== undefined) key[k] = v;
      }
      return key;
    });
  }
  try {
    const keyed = new Aggregator([{ $project: { _id: 0, k: { $ifNull: [id ?? null, null] } } }], run.options as never).run(docs) as Doc[];
    return keyed.map((d) => d.k);
  } catch {
    return undefined;
  }
}

const GROUP_KEY = '__embeddedMongoGroupKey';

/**
 * `$group` under a collation: keys equal under it form one group (MongoDB keeps the first key
 * seen as the group's _id). Each document is given its group's representative key and grouped
 * by that.
 */
function collatedGroup(run: Run, docs: Doc[], stage: Doc, keys: unknown[]): Doc[] {
  const reps = new Map<string, unknown>();
  const repKeys = keys.map((k) => {
    const canonical = keyString(collateValue(run.collation!, k));
    if (!reps.has(canonical)) reps.set(canonical, k);
    return reps.get(canonical);
  });
  const keyed = docs.map((d, i) => ({ ...d, [GROUP_KEY]: repKeys[i] }));
  const spec = { ...(stage.$group as Doc), _id: `$${GROUP_KEY}` };
  const grouped = new Aggregator([{ $group: spec }], run.options as never).run(keyed) as Doc[];
  restoreStageTypes(stage, docs, grouped, repKeys);
  return grouped;
}

/** Several type-neutral stages in one mingo run. */
function runStages(run: Run, docs: Doc[], stages: Doc[]): Doc[] {
  try {
    run.byReference = false;
    return new Aggregator(stages, run.options as never).run(docs) as Doc[];
  } catch (e) {
    throw pipelineError(e);
  }
}

function pipelineError(e: unknown): MongoError {
  if (e instanceof MongoError) return e;
  const msg = (e as Error).message ?? String(e);
  const stage = /unregistered pipeline operator (\$\w+)/i.exec(msg);
  if (stage) return new MongoError('Location40324', `Unrecognized pipeline stage name: '${stage[1]}'`);
  const expr = /unregistered \w+ operator (\$\w+)/i.exec(msg);
  if (expr) return new MongoError('InvalidPipelineOperator', `Unrecognized expression '${expr[1]}'`);
  return new MongoError('BadValue', msg);
}

function runStage(run: Run, docs: Doc[], stage: Doc): Doc[] {
  const name = stageName(stage);
  if (name === '$facet' && isPlainObject(stage.$facet)) {
    const out: Doc = {};
    for (const [field, sub] of Object.entries(stage.$facet)) {
      if (!Array.isArray(sub)) throw new MongoError('TypeMismatch', 'arguments to $facet must be arrays');
      out[field] = runPipeline(run.ctx, docs, sub as Doc[], run.collation);
    }
    return [out];
  }
  // Documents of other collections reach the pipeline by reference only through a plain
  // localField/foreignField $lookup (its matches are copied below); a $lookup pipeline,
  // $unionWith or $graphLookup could change them in place, so those read copies.
  const lookup = name === '$lookup' && isPlainObject(stage.$lookup) ? stage.$lookup : undefined;
  // A $lookup by equality, or a projection of plain fields: run here, as find runs them.
  const plainProjection = name === '$project' ? plainProjectionOf(stage.$project) : undefined;
  const direct = lookup ? equalityLookup(run, docs, lookup) : plainProjection && docs.map(plainProjection);
  if (direct) {
    restoreStageTypes(stage, docs, direct);
    return direct;
  }
  run.byReference = !!lookup && !('pipeline' in lookup) && typeof lookup.as === 'string' && !lookup.as.includes('.');
  try {
    // The group key of each input document: lets each group's numeric types come from its members.
    const groupKeys = name === '$group' && isPlainObject(stage.$group) && docs.length ? groupKeysOf(run, docs, (stage.$group as Doc)._id) : undefined;
    if (run.collation && groupKeys) return collatedGroup(run, docs, stage, groupKeys);
    const out = new Aggregator([stage], run.options as never).run(docs) as Doc[];
    if (run.byReference) {
      const as = lookup!.as as string;
      for (const d of out) if (Array.isArray(d[as])) d[as] = (d[as] as Doc[]).map((x) => cloneDoc(x));
    }
    restoreStageTypes(stage, docs, out, groupKeys);
    return out;
  } catch (e) {
    throw pipelineError(e);
  }
}

/**
 * A `$lookup` by localField/foreignField, run here: each input document's matches are read
 * through the planner (an index leading with foreignField answers each one), then go through
 * the stage's pipeline when it has one (MongoDB 5.0's concise form, which mingo would run without
 * the equality). A local value that is missing matches null or missing foreign fields; an array
 * matches any of its elements. Undefined where mingo's own join does as well: no pipeline and no
 * such index (one hash join over the collection), a dotted `as`, or `let` variables.
 */
function equalityLookup(run: Run, docs: Doc[], spec: Doc): Doc[] | undefined {
  const { from, localField, foreignField, as, pipeline } = spec;
  if (typeof from !== 'string' || typeof localField !== 'string' || typeof foreignField !== 'string') return undefined;
  if (typeof as !== 'string' || as.includes('.') || spec.let !== undefined) return undefined;
  if (pipeline !== undefined && !Array.isArray(pipeline)) return undefined;
  const coll = run.ctx.engine.get(`${run.ctx.db}.${from}`);
  // (an index the planner uses: not hidden, sparse or partial)
  const indexed =
    !!coll &&
    [...coll.indexes.values()].some(
      (index) => index.fields[0][0] === foreignField && !index.sparse && !index.spec.partialFilterExpression && !index.spec.hidden,
    );
  if (!pipeline && !indexed) return undefined;
  const overlay = overlayFor(run.ctx, coll);
  // A pipeline shaped like a find runs as one: its $match joins the equality, then sort, skip,
  // limit and a plain projection (mingo would be built again for every input document).
  const asFind = pipeline ? findShaped(pipeline as Doc[]) : {};
  const batched = coll && asFind && indexed ? batchedMatches(run, coll, overlay, docs, localField, foreignField, asFind) : undefined;
  const project = asFind?.project;
  return docs.map((doc, i) => {
    let hits = batched?.[i];
    if (!hits) {
      const local = resolve(doc, localField);
      const equality: Doc = { [foreignField]: Array.isArray(local) ? { $in: local } : { $eq: local ?? null } };
      if (!asFind) {
        const matches = coll ? scan(coll, overlay, equality, { collation: run.collation }).map((h) => h.doc) : [];
        return { ...doc, [as]: runPipeline(run.ctx, matches, pipeline as Doc[], run.collation) }; // (copies its input)
      }
      const filter = asFind.match ? { $and: [equality, asFind.match] } : equality;
      hits = coll ? scan(coll, overlay, filter, { collation: run.collation, sort: asFind.sort, skip: asFind.skip, limit: asFind.limit }) : [];
    }
    // Copies: later stages may change the joined documents in place.
    return { ...doc, [as]: hits.map((h) => cloneDoc(project ? project(h.doc) : h.doc)) };
  });
}

/**
 * The matches of every input document whose local value is a plain scalar (string, number,
 * boolean, date, ObjectId), read in one scan: `foreignField $in` those values (and the pipeline's
 * $match), sorted as the pipeline sorts, then shared out by the planner's own equality key
 * (`eqKey`, which its $in test uses). Each document's share holds what its own scan would return,
 * in the $sort's order (without one, in index order: unspecified, as in MongoDB); a page of
 * list-posts joins its groups through one plan instead of one per group.
 * Undefined entries (other local values: missing, null, arrays, documents) are left to the
 * per-document scan, as is everything when a collation, a $skip or $limit (per document, where a
 * sorted index walk may order ties differently), or a dotted foreignField (its values spread over
 * arrays of documents) is in play, or when fewer than two documents would share the scan.
 */
function batchedMatches(
  run: Run,
  coll: Collection,
  overlay: Map<string, Doc | null> | undefined,
  docs: Doc[],
  localField: string,
  foreignField: string,
  shape: FindShape,
): Array<Hit[] | undefined> | undefined {
  if (run.collation || shape.skip !== undefined || shape.limit !== undefined || foreignField.includes('.')) return undefined;
  const keys = docs.map((doc) => {
    const local = resolve(doc, localField);
    return isSimpleEqValue(local) ? { key: eqKey(local)!, local } : undefined;
  });
  const values = new Map<string, unknown>();
  for (const k of keys) if (k && !values.has(k.key)) values.set(k.key, k.local);
  if (values.size < 2) return undefined;
  const byKey = new Map<string, Hit[]>();
  // At most MAX_COMBOS values per scan: past it the planner would not fix the index's first
  // field, and the scan would read the whole collection instead of one stretch per value.
  const all = [...values.entries()];
  for (let from = 0; from < all.length; from += MAX_COMBOS) {
    const chunk = new Map(all.slice(from, from + MAX_COMBOS));
    const equality: Doc = { [foreignField]: { $in: [...chunk.values()] } };
    for (const hit of scan(coll, overlay, shape.match ? { $and: [equality, shape.match] } : equality, { sort: shape.sort })) {
      const value = hit.doc[foreignField];
      // (an array matches through each of its elements, once per distinct value)
      const hitKeys = new Set(Array.isArray(value) ? value.map(eqKey) : [eqKey(value)]);
      for (const key of hitKeys) {
        if (key === undefined || !chunk.has(key)) continue;
        const list = byKey.get(key);
        if (list) list.push(hit);
        else byKey.set(key, [hit]);
      }
    }
  }
  return keys.map((k) => (k ? (byKey.get(k.key) ?? []) : undefined));
}

/** A `$project` of plain fields, applied as find applies it; an empty one is mingo's to refuse. */
function plainProjectionOf(spec: unknown): ((doc: Doc) => Doc) | undefined {
  return isPlainObject(spec) && Object.keys(spec).length ? simpleProjection(spec) : undefined;
}

interface FindShape {
  match?: Doc;
  sort?: Doc;
  skip?: number;
  limit?: number;
  project?: (doc: Doc) => Doc;
}

/**
 * The longest start of a pipeline that a find runs: `$match`, `$sort`, `$skip`, `$limit`, then a
 * projection of plain fields, each at most once and in that order (`$skip` a whole number ≥ 0,
 * `$limit` ≥ 1; other values are left to mingo, which refuses them). `used`: how many stages.
 */
export function findPrefix(pipeline: Doc[]): { shape: FindShape; used: number } {
  const order = ['$match', '$sort', '$skip', '$limit', '$project'];
  const shape: FindShape = {};
  let at = 0;
  let used = 0;
  for (const stage of pipeline) {
    const name = stageName(stage);
    const i = order.indexOf(name, at);
    if (i < 0) break;
    const arg = stage[name];
    if (name === '$match' && isPlainObject(arg)) shape.match = arg;
    else if (name === '$sort' && isPlainObject(arg)) shape.sort = arg;
    else if ((name === '$skip' || name === '$limit') && typeof arg === 'number' && Number.isSafeInteger(arg) && arg >= (name === '$skip' ? 0 : 1))
      shape[name === '$skip' ? 'skip' : 'limit'] = arg;
    else if (!(name === '$project' && (shape.project = plainProjectionOf(arg)))) break;
    at = i + 1;
    used++;
  }
  return { shape, used };
}

/** The whole pipeline as a find, when it is one (findPrefix). */
function findShaped(pipeline: Doc[]): FindShape | undefined {
  const { shape, used } = findPrefix(pipeline);
  return used === pipeline.length ? shape : undefined;
}

/**
 * `{ $group: { _id: <constant>, n: { $sum: <number> } } }` after the input: the shape of
 * countDocuments. Answered from the input's length, without cloning every document into mingo
 * (which made a count cost as much as reading the whole result). Null for any other stage.
 */
export function countShortcut(stage: Doc | undefined, inputLength: number): Doc[] | null {
  // `{ $count: 'n' }`: one document with the count, none for an empty input.
  if (
    stage &&
    stageName(stage) === '$count' &&
    typeof stage.$count === 'string' &&
    stage.$count &&
    !stage.$count.startsWith('$') &&
    !stage.$count.includes('.')
  ) {
    return inputLength === 0 ? [] : [{ [stage.$count]: inputLength }];
  }
  if (!stage || stageName(stage) !== '$group') return null;
  const group = stage.$group as Doc;
  const key = group._id;
  if (typeof key === 'string' && key.startsWith('$')) return null;
  if (key !== null && key !== undefined && typeof key !== 'number' && typeof key !== 'string') return null;
  const out: Doc = { _id: key ?? null };
  for (const [field, acc] of Object.entries(group)) {
    if (field === '_id') continue;
    if (!isPlainObject(acc) || Object.keys(acc).length !== 1 || typeof acc.$sum !== 'number') return null;
    out[field] = acc.$sum * inputLength;
  }
  return inputLength === 0 ? [] : [out];
}
