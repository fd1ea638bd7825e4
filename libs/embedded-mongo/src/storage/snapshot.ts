// Snapshot file: the whole database state at journal sequence `seq`, written atomically
// (temp file + fsync + rename + directory fsync). Same record framing as the journal: a header
// record, one record per collection definition, document records in chunks, an end marker.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Collection } from './collection';
import { frameRecord, parseRecords } from './journal';
import { Doc } from '../bson/values';
import { toWire } from '../bson/codec';

const CHUNK = 1000;

export function collectionDef(coll: Collection): Doc {
  return {
    o: 'c',
    ns: coll.ns,
    options: coll.options,
    uuid: coll.uuid,
    indexes: [...coll.indexes.values()].filter((i) => i.name !== '_id_').map((i) => i.spec),
  };
}

export function writeSnapshot(file: string, seq: number, collections: Iterable<Collection>): void {
  const tmp = `${file}.tmp`;
  const fd = fs.openSync(tmp, 'w');
  try {
    fs.writeSync(fd, frameRecord(seq, [{ o: 'snapshot', seq }]));
    for (const coll of collections) {
      fs.writeSync(fd, frameRecord(seq, [collectionDef(coll)]));
      let chunk: Doc[] = [];
      for (const [, doc] of coll.entries()) {
        chunk.push({ o: 'p', ns: coll.ns, d: toWire(doc) });
        if (chunk.length === CHUNK) {
          fs.writeSync(fd, frameRecord(seq, chunk));
          chunk = [];
        }
      }
      if (chunk.length) fs.writeSync(fd, frameRecord(seq, chunk));
    }
    fs.writeSync(fd, frameRecord(seq, [{ o: 'end' }]));
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
  const dirFd = fs.openSync(path.dirname(file), 'r');
  try {
    fs.fsyncSync(dirFd);
  } finally {
    fs.closeSync(dirFd);
  }
}

/** Returns the snapshot's sequence number and its operations, or undefined when absent. */
export function readSnapshot(file: string): { seq: number; ops: Doc[] } | undefined {
  if (!fs.existsSync(file)) return undefined;
  const { records } = parseRecords(fs.readFileSync(file));
  const last = records[records.length - 1];
  if (!records.length || records[0].ops[0]?.o !== 'snapshot' || last.ops[last.ops.length - 1]?.o !== 'end') {
    throw new Error(`snapshot ${file} is incomplete or corrupt`);
  }
  const ops = records
    .slice(1)
    .flatMap((r) => r.ops)
    .filter((op) => op.o !== 'end');
  return { seq: records[0].seq, ops };
}
