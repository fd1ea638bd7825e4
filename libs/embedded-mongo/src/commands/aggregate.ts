// aggregate: the pipeline (commands/pipeline.ts) runs over the collection's documents as the
// transaction sees them. A leading $match (with optional $sort / $skip / $limit / a plain $project
// after it) is executed by the query planner as a find, so that indexes narrow the input; a
// countDocuments on an exactly indexed filter is counted from the index.
import { MongoError } from '../errors';
import { allDocs, countFromIndex, resolveHint, scan } from '../query/planner';
import { effectiveCollation } from './collation';
import { Doc, isPlainObject, toNumber } from '../bson/values';
import { collName, Handler, overlayFor } from './context';
import { explainCommand } from './explain';
import { cursorReply } from './find';
import { countShortcut, findPrefix, runPipeline, stageName } from './pipeline';

const aggregate: Handler = (cmd, ctx) => {
  const pipeline = cmd.pipeline;
  if (!Array.isArray(pipeline)) throw new MongoError('TypeMismatch', "BSON field 'aggregate.pipeline' is missing or has the wrong type, expected type 'array'");
  if (!isPlainObject(cmd.cursor) && cmd.explain !== true)
    throw new MongoError('FailedToParse', "The 'cursor' option is required, except for aggregate with the explain argument");
  for (const stage of pipeline)
    if (!isPlainObject(stage) || Object.keys(stage).length !== 1)
      throw new MongoError('TypeMismatch', "Each element of the 'pipeline' array must be an object");
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
    const indexed =
      !hint && rest.length === 2 && stageName(rest[0]) === '$match' ? countFromIndex(coll, overlay, rest[0].$match as Doc, undefined, collation) : undefined;
    if (indexed !== undefined) out = countShortcut(rest[1], indexed);
    // A leading $match (+ $sort / $skip / $limit / a plain $project): the find it is.
    const prefix = !out && stageName(rest[0]) === '$match' ? findPrefix(rest) : undefined;
    if (prefix?.used) {
      const { match, sort, skip, limit, project } = prefix.shape;
      const hits = scan(coll, overlay, match!, { hint, collation, sort, skip, limit });
      input = hits.map((h) => (project ? project(h.doc) : h.doc));
      rest = rest.slice(prefix.used);
    } else if (!out) {
      input = hint ? scan(coll, overlay, {}, { hint }).map((h) => h.doc) : allDocs(coll, overlay);
    }
  }
  out ??= (rest.length === 1 ? countShortcut(rest[0], input.length) : null) ?? (rest.length ? runPipeline(ctx, input, rest, collation) : input);
  const { batch, id } = ctx.cursors.open(ns, out, batchSize, false, ctx.session?.id);
  return cursorReply(ns, batch, id, true);
};

export const aggregateCommands: Record<string, Handler> = { aggregate };
