// Namespace and index commands: create, drop, dropDatabase, listCollections, listDatabases,
// renameCollection, collMod, createIndexes, listIndexes, dropIndexes, dbStats, collStats.
import { mongoQuery } from '../query/operators';
import { parseCollation } from '../query/collation';
import { checkValidatorOptions } from '../query/validation';
import { MongoError } from '../errors';
import { Collection, ID_INDEX } from '../storage/collection';
import { splitNs } from '../storage/engine';
import { IndexSpec } from '../storage/index-store';
import { Doc, isPlainObject, keyString, toNumber } from '../bson/values';
import { collName, CommandContext, Handler } from './context';
import { cursorReply } from './find';

const UNSUPPORTED_CREATE_OPTIONS = ['capped', 'viewOn', 'timeseries', 'clusteredIndex', 'changeStreamPreAndPostImages'];

function requireColl(ctx: CommandContext, name: string): Collection {
  const coll = ctx.engine.get(`${ctx.db}.${name}`);
  if (!coll) throw new MongoError('NamespaceNotFound', `ns does not exist: ${ctx.db}.${name}`);
  return coll;
}

function noTxn(ctx: CommandContext, name: string): void {
  if (ctx.txn && name !== 'create' && name !== 'createIndexes') {
    throw new MongoError('OperationNotSupportedInTransaction', `Cannot run '${name}' in a multi-document transaction.`);
  }
}

const create: Handler = (cmd, ctx) => {
  const name = collName(cmd);
  for (const opt of UNSUPPORTED_CREATE_OPTIONS) {
    if (cmd[opt]) throw new MongoError('NotImplemented', `create option '${opt}' is not supported by the embedded MongoDB server`);
  }
  const options: Doc = {};
  for (const [k, v] of Object.entries(cmd)) {
    if (k === 'create' || k.startsWith('$') || ['lsid', 'txnNumber', 'autocommit', 'startTransaction', 'writeConcern', 'readConcern', 'comment'].includes(k))
      continue;
    options[k] = v;
  }
  checkValidatorOptions(options);
  if (options.collation !== undefined) {
    const collation = parseCollation(options.collation);
    if (collation) options.collation = collation.spec;
    else delete options.collation;
  }
  ctx.engine.createCollection(`${ctx.db}.${name}`, options);
  return { ok: 1 };
};

const drop: Handler = (cmd, ctx) => {
  noTxn(ctx, 'drop');
  const name = collName(cmd);
  const coll = ctx.engine.get(`${ctx.db}.${name}`);
  if (!coll) throw new MongoError('NamespaceNotFound', 'ns not found');
  const nIndexesWas = coll.indexes.size;
  ctx.engine.dropCollection(coll.ns);
  return { nIndexesWas, ns: coll.ns, ok: 1 };
};

const dropDatabase: Handler = (_cmd, ctx) => {
  noTxn(ctx, 'dropDatabase');
  ctx.engine.dropDatabase(ctx.db);
  return { dropped: ctx.db, ok: 1 };
};

function collectionInfo(coll: Collection): Doc {
  return {
    name: coll.name,
    type: 'collection',
    options: coll.options,
    info: { readOnly: false, uuid: coll.uuid },
    idIndex: ID_INDEX,
  };
}

const listCollections: Handler = (cmd, ctx) => {
  const filter = isPlainObject(cmd.filter) ? cmd.filter : {};
  const nameOnly = cmd.nameOnly === true;
  let infos = ctx.engine.collectionsOf(ctx.db).map(collectionInfo);
  if (Object.keys(filter).length) {
    const q = mongoQuery(filter);
    infos = infos.filter((i) => q.test(i));
  }
  if (nameOnly) infos = infos.map((i) => ({ name: i.name, type: i.type }));
  const batchSize = isPlainObject(cmd.cursor) && cmd.cursor.batchSize !== undefined ? toNumber(cmd.cursor.batchSize) : undefined;
  const ns = `${ctx.db}.$cmd.listCollections`;
  const { batch, id } = ctx.cursors.open(ns, infos, batchSize ?? Infinity, false);
  return cursorReply(ns, batch, id, true);
};

const listDatabases: Handler = (cmd, ctx) => {
  const nameOnly = cmd.nameOnly === true;
  let dbs: Doc[] = ctx.engine.databases().map((name) => {
    if (nameOnly) return { name };
    const sizeOnDisk = ctx.engine.collectionsOf(name).reduce((n, c) => n + c.dataSize(), 0);
    return { name, sizeOnDisk, empty: sizeOnDisk === 0 };
  });
  if (isPlainObject(cmd.filter) && Object.keys(cmd.filter).length) {
    const q = mongoQuery(cmd.filter);
    dbs = dbs.filter((d) => q.test(d));
  }
  const reply: Doc = { databases: dbs, ok: 1 };
  if (!nameOnly) reply.totalSize = dbs.reduce((n, d) => n + ((d.sizeOnDisk as number) ?? 0), 0);
  return reply;
};

const renameCollection: Handler = (cmd, ctx) => {
  noTxn(ctx, 'renameCollection');
  if (ctx.db !== 'admin') throw new MongoError('Unauthorized', 'renameCollection may only be run against the admin database.');
  const from = cmd.renameCollection;
  const to = cmd.to;
  if (typeof from !== 'string' || typeof to !== 'string') throw new MongoError('TypeMismatch', 'renameCollection and to must be strings');
  splitNs(to);
  ctx.engine.renameCollection(from, to, cmd.dropTarget === true);
  return { ok: 1 };
};

const collMod: Handler = (cmd, ctx) => {
  noTxn(ctx, 'collMod');
  const coll = requireColl(ctx, collName(cmd));
  const options = { ...coll.options };
  for (const k of ['validator', 'validationLevel', 'validationAction']) if (k in cmd) options[k] = cmd[k];
  checkValidatorOptions(options);
  if (isPlainObject(cmd.index)) {
    const spec = cmd.index;
    const index = [...coll.indexes.values()].find((i) => i.name === spec.name || (spec.keyPattern && keyString(i.spec.key) === keyString(spec.keyPattern)));
    if (!index) throw new MongoError('IndexNotFound', `cannot find index ${String(spec.name ?? JSON.stringify(spec.keyPattern))} for ns ${coll.ns}`);
    const reply: Doc = {};
    if (spec.expireAfterSeconds !== undefined) {
      reply.expireAfterSeconds_old = index.spec.expireAfterSeconds;
      index.spec.expireAfterSeconds = toNumber(spec.expireAfterSeconds);
      reply.expireAfterSeconds_new = index.spec.expireAfterSeconds;
    }
    if (spec.hidden !== undefined) {
      if (typeof spec.hidden !== 'boolean') throw new MongoError('TypeMismatch', "BSON field 'collMod.index.hidden' is the wrong type, expected type 'bool'");
      if (index.name === '_id_') throw new MongoError('BadValue', "can't hide _id index");
      reply.hidden_old = index.spec.hidden === true;
      reply.hidden_new = spec.hidden;
      if (spec.hidden) index.spec.hidden = true;
      else delete index.spec.hidden;
    }
    ctx.engine.dropIndex(coll, index.name);
    ctx.engine.createIndex(coll, index.spec);
    ctx.engine.setOptions(coll, options);
    return { ...reply, ok: 1 };
  }
  ctx.engine.setOptions(coll, options);
  return { ok: 1 };
};

function validateIndexSpec(spec: unknown): IndexSpec {
  if (!isPlainObject(spec)) throw new MongoError('TypeMismatch', 'index specification must be an object');
  const key = spec.key;
  if (!isPlainObject(key) || !Object.keys(key).length) throw new MongoError('FailedToParse', "The 'key' field must be a non-empty object");
  for (const [field, dir] of Object.entries(key)) {
    if (typeof dir === 'string') {
      if (dir !== 'hashed') throw new MongoError('NotImplemented', `index type '${dir}' on field '${field}' is not supported by the embedded MongoDB server`);
    } else if (!Number.isFinite(toNumber(dir)) || toNumber(dir) === 0) {
      throw new MongoError('BadValue', `Values in the index key pattern can't be 0: { ${field}: ${String(dir)} }`);
    }
  }
  if (typeof spec.name !== 'string' || !spec.name) throw new MongoError('FailedToParse', "The 'name' field is a required property of an index specification");
  const out: IndexSpec = { v: 2, key, name: spec.name };
  for (const [k, v] of Object.entries(spec)) if (k !== 'key' && k !== 'name' && k !== 'v' && k !== 'background') out[k] = v;
  if (out.unique === false) delete out.unique;
  if (out.sparse === false) delete out.sparse;
  if (out.hidden === false) delete out.hidden;
  if (out.hidden !== undefined && out.name === '_id_') throw new MongoError('BadValue', "can't hide _id index");
  if (out.partialFilterExpression !== undefined) {
    if (!isPlainObject(out.partialFilterExpression)) throw new MongoError('TypeMismatch', 'partialFilterExpression must be an object');
    mongoQuery(out.partialFilterExpression);
  }
  if (out.expireAfterSeconds !== undefined) out.expireAfterSeconds = toNumber(out.expireAfterSeconds);
  return out;
}

const createIndexes: Handler = (cmd, ctx) => {
  const name = collName(cmd);
  if (!Array.isArray(cmd.indexes) || !cmd.indexes.length) throw new MongoError('BadValue', 'Must specify at least one index to create');
  const specs = cmd.indexes.map(validateIndexSpec);
  const existed = ctx.engine.get(`${ctx.db}.${name}`);
  for (const spec of specs) {
    // An index without a collation takes the collection's default; `{ locale: 'simple' }` none.
    if (spec.collation === undefined && existed?.options.collation !== undefined) spec.collation = existed.options.collation;
    const collation = parseCollation(spec.collation);
    if (collation) spec.collation = collation.spec;
    else delete spec.collation;
  }
  const coll = existed ?? ctx.engine.ensure(`${ctx.db}.${name}`, ctx.txn);
  const before = coll.indexes.size;
  let created = 0;
  for (const spec of specs) if (ctx.engine.createIndex(coll, spec)) created++;
  const reply: Doc = { numIndexesBefore: before, numIndexesAfter: coll.indexes.size, createdCollectionAutomatically: !existed, ok: 1 };
  if (!created) reply.note = 'all indexes already exist';
  return reply;
};

const listIndexes: Handler = (cmd, ctx) => {
  const coll = requireColl(ctx, collName(cmd));
  const specs = [...coll.indexes.values()].map((i) => i.spec);
  const batchSize = isPlainObject(cmd.cursor) && cmd.cursor.batchSize !== undefined ? toNumber(cmd.cursor.batchSize) : undefined;
  const { batch, id } = ctx.cursors.open(coll.ns, specs, batchSize ?? Infinity, false);
  return cursorReply(coll.ns, batch, id, true);
};

const dropIndexes: Handler = (cmd, ctx) => {
  noTxn(ctx, 'dropIndexes');
  const coll = requireColl(ctx, collName(cmd));
  const nIndexesWas = coll.indexes.size;
  const target = cmd.index;
  let names: string[];
  if (target === '*') {
    names = [...coll.indexes.keys()].filter((n) => n !== '_id_');
  } else if (typeof target === 'string') {
    names = [target];
  } else if (Array.isArray(target)) {
    names = target.map(String);
  } else if (isPlainObject(target)) {
    const found = [...coll.indexes.values()].filter((i) => keyString(i.spec.key) === keyString(target));
    if (!found.length) throw new MongoError('IndexNotFound', `can't find index with key: ${JSON.stringify(target)}`);
    names = [found[0].name];
  } else {
    throw new MongoError('TypeMismatch', "BSON field 'dropIndexes.index' is missing or has the wrong type");
  }
  for (const n of names) {
    if (n === '_id_') throw new MongoError('InvalidOptions', 'cannot drop _id index');
    if (!coll.indexes.has(n)) throw new MongoError('IndexNotFound', `index not found with name [${n}]`);
  }
  for (const n of names) ctx.engine.dropIndex(coll, n);
  return { nIndexesWas, ok: 1 };
};

const dbStats: Handler = (cmd, ctx) => {
  const colls = ctx.engine.collectionsOf(ctx.db);
  const objects = colls.reduce((n, c) => n + c.size, 0);
  const size = colls.reduce((n, c) => n + c.dataSize(), 0);
  const scale = cmd.scale ? toNumber(cmd.scale) : 1;
  return {
    db: ctx.db,
    collections: colls.length,
    views: 0,
    objects,
    avgObjSize: objects ? size / objects : 0,
    dataSize: size / scale,
    storageSize: size / scale,
    indexes: colls.reduce((n, c) => n + c.indexes.size, 0),
    indexSize: 0,
    totalSize: size / scale,
    scaleFactor: scale,
    fsUsedSize: 0,
    fsTotalSize: 0,
    ok: 1,
  };
};

const collStats: Handler = (cmd, ctx) => {
  const coll = requireColl(ctx, collName(cmd));
  const size = coll.dataSize();
  return {
    ns: coll.ns,
    count: coll.size,
    size,
    avgObjSize: coll.size ? size / coll.size : 0,
    storageSize: size,
    nindexes: coll.indexes.size,
    indexSizes: Object.fromEntries([...coll.indexes.keys()].map((n) => [n, 0])),
    totalIndexSize: 0,
    capped: false,
    ok: 1,
  };
};

export const ddlCommands: Record<string, Handler> = {
  create,
  drop,
  dropDatabase,
  listCollections,
  listDatabases,
  renameCollection,
  collMod,
  createIndexes,
  listIndexes,
  dropIndexes,
  deleteIndexes: dropIndexes,
  dbStats,
  collStats,
};
