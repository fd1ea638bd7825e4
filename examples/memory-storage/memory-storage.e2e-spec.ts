import { createTestApp, type TestApp } from '@test/support';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { accountWithDraft, makePng, pathOf, type Account } from '../../test/media/media-helpers';
import { MemoryStorageDriver } from './memory-storage.driver';

/** A storage driver replacing local files: the whole upload flow stores into it and serves from it. */
describe('Example: an in-memory storage driver', () => {
  let t: TestApp;
  let account: Account;
  let postGroupId: string;
  const driver = new MemoryStorageDriver();

  beforeAll(async () => {
    t = await createTestApp({ extensions: { storage: { useValue: driver } } });
    ({ account, postGroupId } = await accountWithDraft(t));
  }, 60_000);
  afterAll(() => t?.close());

  it('takes the upload through the signed URL, keeps the bytes in the driver, and serves them', async () => {
    const png = await makePng(24, 12);
    const issued = await t.http
      .post('/api/v1/get-upload-url')
      .set(account.apiHeaders)
      .send({ fileName: 'chart.png', contentType: 'image/png', postGroupId, type: 'image' })
      .expect(200);
    expect(issued.body.uploadUrl).toMatch(new RegExp(`^${t.baseUrl}/media/upload/${issued.body.mediaId}\\?expires=\\d+&signature=[0-9a-f]{64}$`));
    await t.http.put(pathOf(issued.body.uploadUrl)).set('content-type', 'image/png').send(png).expect(200);

    const key = issued.body.fileUrl.split('/media/files/')[1];
    expect(driver.files.get(key)?.bytes.equals(png)).toBe(true);
    // Not on the local disk: the local driver is not in use.
    expect(existsSync(join(t.dataDir, 'media', ...key.split('/')))).toBe(false);

    const record = await t.connection.collection('media').findOne({ mediaId: issued.body.mediaId });
    expect(record).toMatchObject({ storageDriver: 'memory', state: 'uploaded', metadata: { width: 24, height: 12 } });

    const served = await t.http.get(pathOf(issued.body.fileUrl)).buffer(true).expect(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(served.body as Buffer, png)).toBe(0);
    const ranged = await t.http.get(pathOf(issued.body.fileUrl)).set('range', 'bytes=0-7').buffer(true).expect(206);
    expect(Buffer.compare(ranged.body as Buffer, png.subarray(0, 8))).toBe(0);
  });

  it('deletes the stored file with its post group', async () => {
    const before = driver.files.size;
    expect(before).toBeGreaterThan(0);
    await t.http.delete(`/api/v1/delete-post/${postGroupId}`).set(account.apiHeaders).expect(200);
    for (let i = 0; i < 50 && driver.files.size === before; i++) await new Promise((r) => setTimeout(r, 100));
    expect(driver.files.size).toBe(before - 1);
  });
});
