// aggregate: the pipeline runs in mingo over the collection's documents (as the transaction sees
// them). A leading $match (with an optional $sort / $limit after it) is executed by the query
// planner so that indexes narrow the input; $lookup / $unionWith / $graphLookup read other
// collections of the same database through the same transaction view.
import { Aggregator as RootAggregator, ProcessingMode } from 'mingo';
import { MONGO_CONTEXT } from '../query/operators';
import { MongoError } from '../errors';
import { allDocs, countFromIndex, resolveHint, scan, ScanOptions } from '../query/planner';
import { restoreStageTypes } from '../query/agg-types';
import { Collation, collateValue, mingoCollation } from '../query/collation';
import { effectiveCollation } from './collation';
import { cloneDoc, Doc, isPlainObject, keyString, toNumber } from '../storage/values';
import { collName, CommandContext, Handler, overlayFor } from './context';
import { explainCommand } from './explain';
import { cursorReply } from './find';

// mingo's Aggregator without the root wrapper (the operator context is MONGO_CONTEXT).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const Aggregator = (require('mingo/aggregator') as { Aggregator: typeof RootAggregator }).Aggregator;

const UNSUPPORTED = new Set(['$out', '$merge', '$changeStream', '$search', '$geoNear', '$collStats', '$indexStats', '$currentOp', '$listSessions', '$planCacheStats', '$searchMeta', '$vectorSearch']);

function stageName(stage: unknown): string {
  return isPlainObject(stage) ? (Object.keys(stage)[0] ?? '') : '';
}

export function runPipeline(ctx: CommandContext, input: Doc[], pipeline: Doc[], collation?: Collation): Doc[] {
  for (const stage of pipeline) {
    const name = stageName(stage);
    if (UNSUPPORTED.has(name)) throw new MongoError('NotImplemented', `${name} is not supported by the embedded MongoDB server`);
  }
  // One stage at a time, so that numeric types can be restored after each (query/agg-types.ts).
  // The input is copied once (with its type tables): mingo then works on the copies in place.
  let docs = input.map((d) => cloneDoc(d));
  for (const stage of pipeline) docs = runStage(ctx, docs, stage, collation);
  return docs;
}

function groupKeysOf(docs: Doc[], id: unknown): unknown[] | undefined {
  try {
    const keyed = new Aggregator([{ $project: { _id: 0, k: { $ifNull: [id ?? null, null] } } }], { context: MONGO_CONTEXT }).run(docs) as Doc[];
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
function collatedGroup(ctx: CommandContext, docs: Doc[], stage: Doc, collation: Collation, keys: unknown[]): Doc[] {
  const reps = new Map<string, unknown>();
  const repKeys = keys.map((k) => {
    const canonical = keyString(collateValue(collation, k));
    if (!reps.has(canonical)) reps.set(canonical, k);
    return reps.get(canonical);
  });
  const keyed = docs.map((d, i) => ({ ...d, [GROUP_KEY]: repKeys[i] }));
  const spec = { ...(stage.$group as Doc), _id: `$${GROUP_KEY}` };
  const grouped = runStage(ctx, keyed, { $group: spec }, undefined);
  restoreStageTypes({ $group: { ...(stage.$group as Doc) } }, docs, grouped, repKeys);
  return grouped;
}

function runStage(ctx: CommandContext, docs: Doc[], stage: Doc, collation?: Collation): Doc[] {
  const name = stageName(stage);
  if (name === '$facet' && isPlainObject(stage.$facet)) {
    const out: Doc = {};
    for (const [field, sub] of Object.entries(stage.$facet)) {
      if (!Array.isArray(sub)) throw new MongoError('TypeMismatch', 'arguments to $facet must be arrays');
      out[field] = runPipeline(ctx, docs, sub as Doc[], collation);
    }
    return [out];
  }
  // Documents of other collections reach the pipeline by reference only through a plain
  // localField/foreignField $lookup (its matches are copied below); a $lookup pipeline,
  // $unionWith or $graphLookup could change them in place, so those read copies.
  const lookup = name === '$lookup' && isPlainObject(stage.$lookup) ? stage.$lookup : undefined;
  const byReference = !!lookup && !('pipeline' in lookup) && typeof lookup.as === 'string' && !lookup.as.includes('.');
  try {
    const agg = new Aggregator([stage], {
      processingMode: ProcessingMode.CLONE_OFF,
      context: MONGO_CONTEXT,
      ...(collation ? { collation: mingoCollation(collation) as never } : {}),
      collectionResolver: (coll: string) => {
        const c = ctx.engine.get(`${ctx.db}.${coll}`);
        const all = allDocs(c, overlayFor(ctx, c));
        return byReference ? all : all.map((d) => cloneDoc(d));
      },
    });
    // The group key of each input document: lets each group's numeric types come from its members.
    const groupKeys = name === '$group' && isPlainObject(stage.$group) && docs.length ? groupKeysOf(docs, (stage.$group as Doc)._id) : undefined;
    if (collation && groupKeys) return collatedGroup(ctx, docs, stage, collation, groupKeys);
    const out = agg.run(docs) as Doc[];
    if (byReference) {
      const as = lookup!.as as string;
      for (const d of out) if (Array.isArray(d[as])) d[as] = (d[as] as Doc[]).map((x) => cloneDoc(x));
    }
    restoreStageTypes(stage, docs, out, groupKeys);
    return out;
  } catch (e) {
    if (e instanceof MongoError) throw e;
    const msg = (e as Error).message ?? String(e);
    const stage = /unregistered pipeline operator (\$\w+)/i.exec(msg);
    if (stage) throw new MongoError('Location40324', `Unrecognized pipeline stage name: '${stage[1]}'`);
    const expr = /unregistered \w+ operator (\$\w+)/i.exec(msg);
    if (expr) throw new MongoError('InvalidPipelineOperator', `Unrecognized expression '${expr[1]}'`);
    throw new MongoError('BadValue', msg);
  }
}

/**
 * `{ $group: { _id: <constant>, n: { $sum: <number> } } }` after the input: the shape of
 * countDocuments. Answered from the input's length, without cloning every document into mingo
 * (which made a count cost as much as reading the whole result). Null for any other stage.
 */
export function countShortcut(stage: Doc | undefined, inputLength: number): Doc[] | null {
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

const aggregate: Handler = (cmd, ctx) => {
  const pipeline = cmd.pipeline;
  if (!Array.isArray(pipeline)) throw new MongoError('TypeMismatch', "BSON field 'aggregate.pipeline' is missing or has the wrong type, expected type 'array'");
  if (!isPlainObject(cmd.cursor) && cmd.explain !== true) throw new MongoError('FailedToParse', "The 'cursor' option is required, except for aggregate with the explain argument");
  for (const stage of pipeline) if (!isPlainObject(stage) || Object.keys(stage).length !== 1) throw new MongoError('TypeMismatch', 'Each element of the \'pipeline\' array must be an object');
  if (cmd.explain === true) {
    const { explain: _explain, ...inner } = cmd;
    void _explain;
    return explainCommand(inner, 'queryPlanner', ctx);
  }
  const batchSize = isPlainObject(cmd.cursor) && cmd.cursor.batchSize !== undefined ? toNumber(cmd.cursor.batchSize) : undefined;

  let input: Doc[] = [];
  let out: Doc[] | null = null;
  let rest = pipeline as Doc[];
  let ns: string;
  let collation = effectiveCollation(cmd.collation, undefined);
  if (cmd.aggregate === 1) {
    // Database-level aggregation ($documents and friends).
    ns = `${ctx.db}.$cmd.aggregate`;
  } else {
    ns = `${ctx.db}.${collName(cmd)}`;
    const coll = ctx.engine.get(ns);
    collation = effectiveCollation(cmd.collation, coll);
    const overlay = overlayFor(ctx, coll);
    // countDocuments on an exactly indexed filter: counted from the index, no document read.
    const hint = resolveHint(coll, cmd.hint);
    const indexed = !hint && rest.length === 2 && stageName(rest[0]) === '$match' ? countFromIndex(coll, overlay, rest[0].$match as Doc, undefined, collation) : undefined;
    if (indexed !== undefined) out = countShortcut(rest[1], indexed);
    if (!out && stageName(rest[0]) === '$match') {
      const opts: ScanOptions = { hint, collation };
      let used = 1;
      if (stageName(rest[1]) === '$sort') {
        opts.sort = rest[1].$sort as Doc;
        used = 2;
        if (stageName(rest[2]) === '$limit') {
          opts.limit = toNumber(rest[2].$limit);
          used = 3;
        }
      }
      input = scan(coll, overlay, rest[0].$match as Doc, opts).map((h) => h.doc);
      rest = rest.slice(used);
    } else if (!out) {
      input = hint ? scan(coll, overlay, {}, { hint }).map((h) => h.doc) : allDocs(coll, overlay);
    }
  }
  out ??= (rest.length === 1 ? countShortcut(rest[0], input.length) : null) ?? (rest.length ? runPipeline(ctx, input, rest, collation) : input);
  const { batch, id } = ctx.cursors.open(ns, out, batchSize, false, ctx.session?.id);
  return cursorReply(ns, batch, id, true);
};

export const aggregateCommands: Record<string, Handler> = { aggregate };
