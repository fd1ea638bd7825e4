import { EMBEDDED_DB_NAME, withDatabaseName } from './database-server';

describe('withDatabaseName', () => {
  it("puts the app's database in the embedded server's URI, keeping its options", () => {
    expect(withDatabaseName('mongodb://127.0.0.1:27017/?replicaSet=rs0', EMBEDDED_DB_NAME)).toBe(
      'mongodb://127.0.0.1:27017/social_post_scheduler?replicaSet=rs0',
    );
    expect(withDatabaseName('mongodb://127.0.0.1:40000/other?replicaSet=rs0&w=majority', 'x')).toBe('mongodb://127.0.0.1:40000/x?replicaSet=rs0&w=majority');
  });
});
