// explain: for find, aggregate, count, distinct, update, delete and findAndModify. The planner
// records what it really did (query/planner.ts ScanExplain: collection scan, _id lookup, index
// scan with bounds, sorted index walk, count from the index) and this builds MongoDB's output:
// `queryPlanner.winningPlan` as a stage tree (COLLSCAN, IDHACK, FETCH + IXSCAN, SORT, SKIP,
// LIMIT, PROJECTION_*, COUNT + COUNT_SCAN, UPDATE, DELETE) and, with verbosity
// `executionStats` / `allPlansExecution`, `executionStats` (nReturned, executionTimeMillis,
// totalKeysExamined, totalDocsExamined, executionStages with per-stage counts). Writes are
// planned and counted, never applied.
import { MongoError } from '../errors';
import { countFromIndex, resolveHint, scan, ScanExplain, ScanOptions } from '../query/planner';
import { applyUpdate, UpdateSpec } from '../query/update';
import { Collection } from '../storage/collection';
import { IndexStore } from '../storage/index-store';
import { Doc, isPlainObject, toNumber } from '../bson/values';
import { countShortcut, runPipeline } from './pipeline';
import { effectiveCollation, validateCollations } from './collation';
import { collName, CommandContext, Handler, overlayFor } from './context';
import { project } from './find';

const VERBOSITIES = ['queryPlanner', 'executionStats', 'allPlansExecution'];

interface Built {
  /** The plan tree without execution counters. */
  plan: Doc;
  /** The same tree with counters. */
  stats: Doc;
  nReturned: number;
}

function newExplain(): ScanExplain {
  return { keysExamined: 0, docsExamined: 0, matched: 0 };
}

/** MongoDB shows a filter with its top-level equalities spelled `$eq` (and several under `$and`). */
function parsedQuery(filter: Doc): Doc {
  const parts: Doc[] = [];
  for (const [k, v] of Object.entries(filter)) {
    if (k.startsWith('$')) parts.push({ [k]: v });
    else if (isPlainObject(v) && Object.keys(v).length && Object.keys(v).every((o) => o.startsWith('$'))) {
      for (const [op, arg] of Object.entries(v)) parts.push({ [k]: { [op]: arg } });
    } else parts.push({ [k]: { $eq: v } });
  }
  if (parts.length === 0) return {};
  return parts.length === 1 ? parts[0] : { $and: parts };
}

function indexFields(index: IndexStore): Doc {
  const paths: Doc = {};
  index.fields.forEach(([f], i) => (paths[f] = index.isMultikeyAt(i) ? [f] : []));
  return {
    keyPattern: index.spec.key,
    indexName: index.name,
    isMultiKey: index.fields.some((_, i) => index.isMultikeyAt(i)),
    multiKeyPaths: paths,
    isUnique: index.unique,
    isSparse: index.sparse,
    isPartial: !!index.spec.partialFilterExpression,
    indexVersion: 2,
  };
}

function counters(nReturned: number, extra: Doc = {}): Doc {
  return {
    nReturned,
    executionTimeMillisEstimate: 0,
    works: nReturned + 1,
    advanced: nReturned,
    needTime: 0,
    needYield: 0,
    saveState: 0,
    restoreState: 0,
    isEOF: 1,
    ...extra,
  };
}

/** The access stages (what reads the data) for a finished scan. */
function accessStages(ex: ScanExplain, filter: Doc): Built {
  const pq = parsedQuery(filter);
  const hasFilter = Object.keys(pq).length > 0;
  switch (ex.access) {
    case 'IDHACK':
      return {
        plan: { stage: 'IDHACK' },
        stats: { stage: 'IDHACK', ...counters(ex.matched, { keysExamined: ex.keysExamined, docsExamined: ex.docsExamined }) },
        nReturned: ex.matched,
      };
    case 'IXSCAN': {
      const ix = { stage: 'IXSCAN', ...indexFields(ex.index!), direction: ex.reverse ? 'backward' : 'forward', indexBounds: ex.bounds };
      const fetch = (input: Doc): Doc => ({ stage: 'FETCH', ...(hasFilter ? { filter: pq } : {}), inputStage: input });
      return {
        plan: fetch(ix),
        stats: {
          ...fetch({ ...ix, ...counters(ex.keysExamined, { keysExamined: ex.keysExamined, seeks: 1, dupsTested: 0, dupsDropped: 0 }) }),
          ...counters(ex.matched, { docsExamined: ex.docsExamined, alreadyHasObj: 0 }),
        },
        nReturned: ex.matched,
      };
    }
    case 'COUNT_SCAN': {
      const cs = { stage: 'COUNT_SCAN', ...indexFields(ex.index!), indexBounds: ex.bounds };
      return { plan: cs, stats: { ...cs, ...counters(ex.matched, { keysExamined: ex.keysExamined }) }, nReturned: ex.matched };
    }
    default: {
      const cs: Doc = { stage: 'COLLSCAN', ...(hasFilter ? { filter: pq } : {}), direction: 'forward' };
      return { plan: cs, stats: { ...cs, ...counters(ex.matched, { docsExamined: ex.docsExamined }) }, nReturned: ex.matched };
    }
  }
}

function wrap(b: Built, stage: Doc, nReturned: number, extra: Doc = {}): Built {
  return { plan: { ...stage, inputStage: b.plan }, stats: { ...stage, ...counters(nReturned, extra), inputStage: b.stats }, nReturned };
}

interface QueryShape {
  filter: Doc;
  sort?: Doc;
  skip?: number;
  limit?: number;
  projection?: Doc;
}

/** Runs the scan with recording on and builds the stage tree of a find-like query. */
function planQuery(
  ctx: CommandContext,
  coll: Collection | undefined,
  shape: QueryShape,
  hint: unknown,
  collation?: unknown,
): { built: Built; ex: ScanExplain; docs: Doc[] } {
  const ex = newExplain();
  const opts: ScanOptions = {
    sort: shape.sort,
    skip: shape.skip,
    limit: shape.limit,
    hint: resolveHint(coll, hint),
    explain: ex,
    collation: effectiveCollation(collation, coll),
  };
  const hits = scan(coll, overlayFor(ctx, coll), shape.filter, opts);
  let built = accessStages(ex, shape.filter);
  const hasSort = !!shape.sort && Object.keys(shape.sort).length > 0;
  const skip = shape.skip ?? 0;
  const limit = shape.limit ?? 0;
  if (hasSort && !ex.sortedByIndex) {
    const sortStage: Doc = { stage: 'SORT', sortPattern: shape.sort, memLimit: 104857600, type: 'simple' };
    if (limit) sortStage.limitAmount = skip + limit;
    built = wrap(built, sortStage, Math.min(built.nReturned, limit ? skip + limit : Infinity), { totalDataSizeSorted: 0, usedDisk: false, spills: 0 });
  }
  if (skip) built = wrap(built, { stage: 'SKIP', skipAmount: skip }, Math.max(0, built.nReturned - skip));
  if (limit && (!hasSort || ex.sortedByIndex)) built = wrap(built, { stage: 'LIMIT', limitAmount: limit }, Math.min(built.nReturned, limit));
  if (shape.projection && Object.keys(shape.projection).length) {
    const simple = Object.entries(shape.projection).every(([k, v]) => !k.includes('$') && (typeof v === 'number' || typeof v === 'boolean'));
    built = wrap(built, { stage: simple ? 'PROJECTION_SIMPLE' : 'PROJECTION_DEFAULT', transformBy: shape.projection }, built.nReturned);
  }
  built.nReturned = hits.length;
  return { built, ex, docs: hits.map((h) => h.doc) };
}

function optDoc(v: unknown): Doc | undefined {
  return isPlainObject(v) ? v : undefined;
}

function optNum(v: unknown): number | undefined {
  return v === undefined || v === null ? undefined : toNumber(v);
}

interface Explained {
  ns: string;
  filter: Doc;
  built: Built;
  ex: ScanExplain;
  ms: number;
  /** Extra top-level fields (aggregate's `stages`). */
  extra?: (withStats: boolean) => Doc;
}

function explainFind(inner: Doc, ctx: CommandContext): Explained {
  const ns = `${ctx.db}.${collName(inner)}`;
  const coll = ctx.engine.get(ns);
  const filter = optDoc(inner.filter) ?? {};
  let limit = optNum(inner.limit) ?? 0;
  if (limit < 0) limit = -limit;
  const t0 = performance.now();
  const { built, ex, docs } = planQuery(
    ctx,
    coll,
    { filter, sort: optDoc(inner.sort), skip: optNum(inner.skip), limit, projection: optDoc(inner.projection) },
    inner.hint,
    inner.collation,
  );
  project(docs, filter, optDoc(inner.projection));
  return { ns, filter, built, ex, ms: performance.now() - t0 };
}

function explainCount(inner: Doc, ctx: CommandContext): Explained {
  const ns = `${ctx.db}.${collName(inner)}`;
  const coll = ctx.engine.get(ns);
  const filter = optDoc(inner.query) ?? {};
  const skip = optNum(inner.skip) ?? 0;
  const limit = Math.abs(optNum(inner.limit) ?? 0);
  const t0 = performance.now();
  const overlay = overlayFor(ctx, coll);
  let built: Built;
  let ex = newExplain();
  if (!Object.keys(filter).length && !overlay?.size && inner.hint === undefined) {
    const n = coll?.size ?? 0;
    const stage = { stage: 'RECORD_STORE_FAST_COUNT' };
    built = {
      plan: stage,
      stats: { ...stage, ...counters(0, { nCounted: Math.min(Math.max(0, n - skip), limit || Infinity), nSkipped: Math.min(skip, n) }) },
      nReturned: 0,
    };
  } else {
    const hint = resolveHint(coll, inner.hint);
    const counted = hint ? undefined : countFromIndex(coll, overlay, filter, ex, effectiveCollation(inner.collation, coll));
    let n: number;
    if (counted !== undefined) {
      n = counted;
      built = accessStages(ex, filter);
    } else {
      ex = newExplain();
      const r = planQuery(ctx, coll, { filter }, inner.hint, inner.collation);
      built = r.built;
      n = r.docs.length;
    }
    const nCounted = Math.min(Math.max(0, n - skip), limit || Infinity);
    built = wrap(built, { stage: 'COUNT' }, 0, { nCounted, nSkipped: Math.min(skip, n) });
  }
  return { ns, filter, built, ex, ms: performance.now() - t0 };
}

function explainDistinct(inner: Doc, ctx: CommandContext): Explained {
  const ns = `${ctx.db}.${collName(inner)}`;
  const coll = ctx.engine.get(ns);
  const filter = optDoc(inner.query) ?? {};
  const t0 = performance.now();
  const { built, ex } = planQuery(ctx, coll, { filter }, undefined, inner.collation);
  return { ns, filter, built, ex, ms: performance.now() - t0 };
}

function explainUpdate(inner: Doc, ctx: CommandContext): Explained {
  const ns = `${ctx.db}.${collName(inner)}`;
  const coll = ctx.engine.get(ns);
  const stmts = inner.updates;
  if (!Array.isArray(stmts) || stmts.length !== 1) throw new MongoError('InvalidLength', 'explained write batches must be of size 1');
  const stmt = stmts[0] as Doc;
  const filter = optDoc(stmt.q) ?? {};
  const multi = stmt.multi === true;
  const t0 = performance.now();
  const { built, ex, docs } = planQuery(ctx, coll, { filter, sort: multi ? undefined : optDoc(stmt.sort), limit: multi ? 0 : 1 }, stmt.hint, stmt.collation);
  let wouldModify = 0;
  for (const d of docs)
    if (applyUpdate(d, stmt.u as UpdateSpec, { arrayFilters: stmt.arrayFilters as Doc[] | undefined, query: filter }).changed) wouldModify++;
  const upsert = stmt.upsert === true && docs.length === 0;
  const stage = { stage: 'UPDATE' };
  const out = wrap(built, stage, 0, { nMatched: docs.length, nWouldModify: wouldModify, nWouldUpsert: upsert ? 1 : 0 });
  return { ns, filter, built: out, ex, ms: performance.now() - t0 };
}

function explainDelete(inner: Doc, ctx: CommandContext): Explained {
  const ns = `${ctx.db}.${collName(inner)}`;
  const coll = ctx.engine.get(ns);
  const stmts = inner.deletes;
  if (!Array.isArray(stmts) || stmts.length !== 1) throw new MongoError('InvalidLength', 'explained write batches must be of size 1');
  const stmt = stmts[0] as Doc;
  const filter = optDoc(stmt.q) ?? {};
  const one = toNumber(stmt.limit ?? 0) === 1;
  const t0 = performance.now();
  const { built, ex, docs } = planQuery(ctx, coll, { filter, sort: one ? optDoc(stmt.sort) : undefined, limit: one ? 1 : 0 }, stmt.hint, stmt.collation);
  const out = wrap(built, { stage: 'DELETE' }, 0, { nWouldDelete: docs.length });
  return { ns, filter, built: out, ex, ms: performance.now() - t0 };
}

function explainFindAndModify(inner: Doc, ctx: CommandContext): Explained {
  const ns = `${ctx.db}.${collName(inner)}`;
  const coll = ctx.engine.get(ns);
  const filter = optDoc(inner.query) ?? {};
  const t0 = performance.now();
  const { built, ex, docs } = planQuery(ctx, coll, { filter, sort: optDoc(inner.sort), limit: 1 }, inner.hint, inner.collation);
  let out: Built;
  if (inner.remove === true) out = wrap(built, { stage: 'DELETE' }, 0, { nWouldDelete: docs.length });
  else {
    const changed = docs.filter(
      (d) => applyUpdate(d, inner.update as UpdateSpec, { arrayFilters: inner.arrayFilters as Doc[] | undefined, query: filter }).changed,
    ).length;
    out = wrap(built, { stage: 'UPDATE' }, 0, { nMatched: docs.length, nWouldModify: changed, nWouldUpsert: inner.upsert === true && !docs.length ? 1 : 0 });
  }
  return { ns, filter, built: out, ex, ms: performance.now() - t0 };
}

function explainAggregate(inner: Doc, ctx: CommandContext): Explained {
  const ns = `${ctx.db}.${collName(inner)}`;
  const coll = ctx.engine.get(ns);
  const pipeline = inner.pipeline;
  if (!Array.isArray(pipeline)) throw new MongoError('TypeMismatch', "BSON field 'aggregate.pipeline' is missing or has the wrong type, expected type 'array'");
  const stageName = (s: unknown): string => (isPlainObject(s) ? (Object.keys(s)[0] ?? '') : '');
  let rest = pipeline as Doc[];
  const shape: QueryShape = { filter: {} };
  if (stageName(rest[0]) === '$match') {
    shape.filter = (rest[0].$match as Doc) ?? {};
    rest = rest.slice(1);
  }
  if (stageName(rest[0]) === '$sort') {
    shape.sort = rest[0].$sort as Doc;
    rest = rest.slice(1);
    if (stageName(rest[0]) === '$limit') {
      shape.limit = toNumber(rest[0].$limit);
      rest = rest.slice(1);
    }
  }
  const t0 = performance.now();
  // A count (countDocuments' `$group` of a constant, or `$count`) over an exactly indexed
  // `$match` reads no document: the aggregate command answers it from the index (COUNT_SCAN).
  const counting = rest.length === 1 && !shape.sort && inner.hint === undefined && (stageName(rest[0]) === '$count' || countShortcut(rest[0], 1) !== null);
  const countEx = newExplain();
  const counted = counting ? countFromIndex(coll, overlayFor(ctx, coll), shape.filter, countEx, effectiveCollation(inner.collation, coll)) : undefined;
  if (counted !== undefined) {
    const built = accessStages(countEx, shape.filter);
    const ms = performance.now() - t0;
    const extra = (withStats: boolean): Doc => ({
      stages: [
        {
          $cursor: { queryPlanner: queryPlanner(ns, shape.filter, built), ...(withStats ? { executionStats: executionStats(built, countEx, ms) } : {}) },
          ...(withStats ? { nReturned: counted, executionTimeMillisEstimate: Math.round(ms) } : {}),
        },
        ...(withStats ? [{ ...rest[0], nReturned: counted ? 1 : 0, executionTimeMillisEstimate: Math.round(ms) }] : rest),
      ],
    });
    return { ns, filter: shape.filter, built, ex: countEx, ms, extra };
  }
  const { built, ex, docs } = planQuery(ctx, coll, shape, inner.hint, inner.collation);
  const out = rest.length ? runPipeline(ctx, docs, rest, effectiveCollation(inner.collation, coll)) : docs;
  const ms = performance.now() - t0;
  const extra = rest.length
    ? (withStats: boolean): Doc => ({
        stages: [
          {
            $cursor: { queryPlanner: queryPlanner(ns, shape.filter, built), ...(withStats ? { executionStats: executionStats(built, ex, ms) } : {}) },
            ...(withStats ? { nReturned: docs.length, executionTimeMillisEstimate: Math.round(ms) } : {}),
          },
          ...rest.map((s, i) => (withStats && i === rest.length - 1 ? { ...s, nReturned: out.length, executionTimeMillisEstimate: Math.round(ms) } : s)),
        ],
      })
    : undefined;
  if (rest.length) built.nReturned = out.length;
  return { ns, filter: shape.filter, built, ex, ms, extra };
}

function queryPlanner(ns: string, filter: Doc, built: Built): Doc {
  return {
    namespace: ns,
    indexFilterSet: false,
    parsedQuery: parsedQuery(filter),
    planCacheShapeHash: '00000000',
    maxIndexedOrSolutionsReached: false,
    maxIndexedAndSolutionsReached: false,
    maxScansToExplodeReached: false,
    winningPlan: built.plan,
    rejectedPlans: [],
  };
}

function executionStats(built: Built, ex: ScanExplain, ms: number): Doc {
  return {
    executionSuccess: true,
    nReturned: built.nReturned,
    executionTimeMillis: Math.round(ms),
    totalKeysExamined: ex.keysExamined,
    totalDocsExamined: ex.docsExamined,
    executionStages: built.stats,
  };
}

const EXPLAINERS: Record<string, (inner: Doc, ctx: CommandContext) => Explained> = {
  find: explainFind,
  aggregate: explainAggregate,
  count: explainCount,
  distinct: explainDistinct,
  update: explainUpdate,
  delete: explainDelete,
  findAndModify: explainFindAndModify,
  findandmodify: explainFindAndModify,
};

/** The explain output of an (inner) command at a verbosity. */
export function explainCommand(inner: Doc, verbosity: string, ctx: CommandContext): Doc {
  if (!VERBOSITIES.includes(verbosity))
    throw new MongoError('BadValue', `verbosity string must be one of {'queryPlanner', 'executionStats', 'allPlansExecution'}`);
  const name = Object.keys(inner)[0] ?? '';
  const explainer = EXPLAINERS[name];
  if (!explainer) throw new MongoError('CommandNotFound', `Explain failed due to unknown command: ${name}`);
  validateCollations(inner);
  const r = explainer(inner, ctx);
  const withStats = verbosity !== 'queryPlanner';
  const reply: Doc = { explainVersion: '1', queryPlanner: queryPlanner(r.ns, r.filter, r.built) };
  if (r.extra) Object.assign(reply, r.extra(withStats));
  if (withStats) {
    reply.executionStats = executionStats(r.built, r.ex, r.ms);
    if (verbosity === 'allPlansExecution') (reply.executionStats as Doc).allPlansExecution = [];
  }
  const [host, port] = ctx.server.address.split(':');
  reply.command = { ...inner, $db: ctx.db };
  reply.serverInfo = { host, port: Number(port), version: '7.0.0', gitVersion: 'embedded' };
  reply.serverParameters = {
    internalQueryFacetBufferSizeBytes: 104857600,
    internalQueryFacetMaxOutputDocSizeBytes: 104857600,
    internalLookupStageIntermediateDocumentMaxSizeBytes: 104857600,
    internalDocumentSourceGroupMaxMemoryBytes: 104857600,
    internalQueryMaxBlockingSortMemoryUsageBytes: 104857600,
    internalQueryProhibitBlockingMergeOnMongoS: 0,
    internalQueryMaxAddToSetBytes: 104857600,
    internalDocumentSourceSetWindowFieldsMaxMemoryBytes: 104857600,
    internalQueryFrameworkControl: 'forceClassicEngine',
  };
  reply.ok = 1;
  return reply;
}

const explain: Handler = (cmd, ctx) => {
  if (!isPlainObject(cmd.explain)) throw new MongoError('TypeMismatch', "BSON field 'explain.explain' is the wrong type, expected type 'object'");
  return explainCommand(cmd.explain, typeof cmd.verbosity === 'string' ? cmd.verbosity : 'allPlansExecution', ctx);
};

export const explainCommands: Record<string, Handler> = { explain };
