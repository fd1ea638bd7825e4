// mongosh (the real shell, from npm) connects with the server's URI and runs a smoke script.
import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { useServer } from './harness';

const h = useServer();
const root = path.resolve(__dirname, '../../..');

describe('mongosh', () => {
  it('connects and runs insertOne, find, aggregate, createIndex and a transaction', async () => {
    const script = `
      db.items.insertOne({ name: 'pen', qty: 3 });
      db.items.insertOne({ name: 'ink', qty: 5 });
      print('FIND ' + JSON.stringify(db.items.find({ qty: { $gt: 4 } }, { _id: 0 }).toArray()));
      print('AGG ' + JSON.stringify(db.items.aggregate([{ $group: { _id: null, total: { $sum: '$qty' } } }]).toArray()));
      print('INDEX ' + db.items.createIndex({ name: 1 }, { unique: true }));
      try { db.items.insertOne({ name: 'pen' }); } catch (e) { print('DUP ' + e.code); }
      const s = db.getMongo().startSession();
      s.startTransaction();
      s.getDatabase('test').items.insertOne({ name: 'txn', qty: 1 });
      s.commitTransaction();
      print('COUNT ' + db.items.countDocuments());
      const ex = db.items.find({ name: 'ink' }).explain('executionStats');
      print('EXPLAIN ' + ex.queryPlanner.winningPlan.stage + ' ' + ex.queryPlanner.winningPlan.inputStage.indexName + ' ' + ex.executionStats.nReturned);
      print('SCHEMA ' + db.runCommand({ collMod: 'items', validator: { $jsonSchema: { required: ['name'] } } }).ok);
      try { db.items.insertOne({ qty: 1 }); } catch (e) { print('INVALID ' + e.code); }
    `;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [path.join(root, 'node_modules/mongosh/bin/mongosh.js'), `${h.server.uri.replace('/?', '/test?')}`, '--quiet', '--norc', '--eval', script],
      {
        cwd: root,
        timeout: 110_000,
        env: { ...process.env, MONGOSH_NO_UPDATE_CHECK: '1' },
      },
    );
    expect(stdout).toContain('FIND [{"name":"ink","qty":5}]');
    expect(stdout).toContain('AGG [{"_id":null,"total":8}]');
    expect(stdout).toContain('INDEX name_1');
    expect(stdout).toContain('DUP 11000');
    expect(stdout).toContain('COUNT 3');
    expect(stdout).toContain('EXPLAIN FETCH name_1 1');
    expect(stdout).toContain('SCHEMA 1');
    expect(stdout).toContain('INVALID 121');
  }, 120_000);
});
