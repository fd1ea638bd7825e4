import S3rver from '@20minutes/s3rver';
import { createTestApp, type TestApp } from '@test/support';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MediaPublishingService } from '../../src/media/media-publishing.service';
import { VideoProcessingService } from '../../src/media/video-processing.service';
import { MediaSweeper } from '../../src/media/media-sweeper';
import { S3StorageDriver } from '../../src/media/storage/s3-storage.driver';
import { STORAGE_DRIVER } from '../../src/media/storage/storage-driver';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { accountWithDraft, makeMjpegAvi, makePng, pathOf, type Account } from './media-helpers';

const BUCKET = 'media-test';

describe('S3 storage driver against a local S3-compatible server (s3rver)', () => {
  let t: TestApp;
  let s3: S3rver;
  let s3Dir: string;
  let endpoint: string;
  let account: Account;
  let postGroupId: string;

  beforeAll(async () => {
    s3Dir = mkdtempSync(join(tmpdir(), 'sps-s3rver-'));
    s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET }] });
    const { port } = await s3.run();
    endpoint = `http://127.0.0.1:${port}`;
    t = await createTestApp({
      env: {
        STORAGE_DRIVER: 's3',
        S3_ENDPOINT: endpoint,
        S3_BUCKET: BUCKET,
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      },
    });
    ({ account, postGroupId } = await accountWithDraft(t));
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
    rmSync(s3Dir, { recursive: true, force: true });
  });

  const uploadUrl = (body: Record<string, unknown>) => t.http.post('/api/v1/get-upload-url').set(account.apiHeaders).send(body);
  const record = (mediaId: string) => t.connection.collection('media').findOne({ mediaId });

  it('the recommended flow: presigned PUT to the store, schedule, served with ranges, listed, completed by HEAD', async () => {
    const png = await makePng(40, 20);
    const res = await uploadUrl({ fileName: 'cover image.png', contentType: 'image/png', postGroupId, type: 'image' });
    expect(res.status).toBe(200);
    expect(res.body.fileUrl).toMatch(new RegExp(`^${endpoint}/${BUCKET}/image/${account.userId}/[0-9a-f]{16}-cover_image\\.png$`));
    expect(res.body.uploadUrl.startsWith(`${endpoint}/${BUCKET}/image/`)).toBe(true);
    expect(res.body.uploadUrl).toContain('X-Amz-Signature=');
    expect(res.body.uploadUrl).toMatch(/X-Amz-Expires=36\d\d/);

    const put = await fetch(res.body.uploadUrl, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: png });
    expect(put.status).toBe(200);

    const scheduled = await t.http
      .put(`/api/v1/update-post/${postGroupId}`)
      .set(account.apiHeaders)
      .send({ status: 'scheduled', scheduledTime: new Date(Date.now() + 3_600_000).toISOString() });
    expect(scheduled.status).toBe(200);

    const whole = await fetch(res.body.fileUrl);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('image/png');
    expect(Buffer.compare(Buffer.from(await whole.arrayBuffer()), png)).toBe(0);
    const part = await fetch(res.body.fileUrl, { headers: { range: 'bytes=1-3' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).toString('latin1')).toBe('PNG');

    const list = await t.http.get('/api/v1/list-posts').set(account.apiHeaders);
    expect(list.body.posts.find((p: { postGroupId: string }) => p.postGroupId === postGroupId).mediaUrls).toEqual([res.body.fileUrl]);

    // The app is not in the upload path: the record completes when the object is seen (sweep / publishing).
    expect((await record(res.body.mediaId))!.state).toBe('pending');
    const swept = await t.app.get(MediaSweeper).sweep();
    expect(swept.completed).toBe(1);
    const r = await record(res.body.mediaId);
    expect(r).toMatchObject({
      state: 'uploaded',
      storageDriver: 's3',
      metadata: { size: png.length, width: 40, height: 20, aspectRatio: 2, format: 'unknown' },
    });

    const items = await t.app.get(MediaPublishingService).mediaForPublishing(account.userId, postGroupId);
    expect(items.map((i) => i.url)).toEqual([res.body.fileUrl]);
    const bytes: Buffer[] = [];
    for await (const c of await items[0].open()) bytes.push(Buffer.from(c as Uint8Array));
    expect(Buffer.compare(Buffer.concat(bytes), png)).toBe(0);
  });

  it('mediaForPublishing detects completion itself, and video metadata comes from ffprobe', async () => {
    const { account: owner, postGroupId: group } = await accountWithDraft(t);
    const avi = await makeMjpegAvi({ width: 32, height: 32, fps: 5, frames: 10 });
    const res = await t.http
      .post('/api/v1/get-upload-url')
      .set(owner.apiHeaders)
      .send({ fileName: 'c.avi', contentType: 'video/x-msvideo', postGroupId: group, type: 'video' });
    expect((await fetch(res.body.uploadUrl, { method: 'PUT', headers: { 'content-type': 'video/x-msvideo' }, body: avi })).status).toBe(200);
    const [item] = await t.app.get(MediaPublishingService).mediaForPublishing(owner.userId, group);
    expect(item).toMatchObject({ kind: 'video', mimeType: 'video/x-msvideo', size: avi.length, width: 32, height: 32, frameRate: 5, durationSeconds: 2 });
    expect((await record(res.body.mediaId))!.metadata).toMatchObject({ codecName: 'mjpeg', frameRate: 5, duration: 2 });
  });

  it('the store refuses a PUT with another Content-Type (a signed header) and stores nothing', async () => {
    const res = await uploadUrl({ fileName: 'x.png', contentType: 'image/png', postGroupId, type: 'image' });
    const put = await fetch(res.body.uploadUrl, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: await makePng() });
    expect(put.status).toBe(403);
    expect((await fetch(res.body.fileUrl)).status).toBe(404);
  });

  it("without type the URL is this app's and its PUT explains why it fails", async () => {
    const res = await uploadUrl({ fileName: 'x.png', contentType: 'image/png', postGroupId });
    expect(res.status).toBe(200);
    expect(res.body.uploadUrl.startsWith(`${t.baseUrl}/media/upload/`)).toBe(true);
    const put = await t.http
      .put(pathOf(res.body.uploadUrl))
      .set('content-type', 'image/png')
      .send(await makePng());
    expect(put.status).toBe(400);
    expect(put.body).toEqual({ error: 'Upload type is missing: request the upload URL with type image, video or document' });
  });

  it('delete-post removes the records and the objects', async () => {
    const { account: owner, postGroupId: group } = await accountWithDraft(t);
    const res = await t.http
      .post('/api/v1/get-upload-url')
      .set(owner.apiHeaders)
      .send({ fileName: 'd.png', contentType: 'image/png', postGroupId: group, type: 'image' });
    await fetch(res.body.uploadUrl, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: await makePng() });
    expect((await fetch(res.body.fileUrl)).status).toBe(200);
    expect((await t.http.delete(`/api/v1/delete-post/${group}`).set(owner.apiHeaders)).status).toBe(200);
    expect(await record(res.body.mediaId)).toBeNull();
    expect((await fetch(res.body.fileUrl)).status).toBe(404);
  });

  it('process-video stores the file in the bucket', async () => {
    const avi = await makeMjpegAvi();
    const res = await t.http
      .post('/media/process-video')
      .set('cookie', account.cookie)
      .field('postGroupId', postGroupId)
      .attach('video', avi, { filename: 'v.avi', contentType: 'video/x-msvideo' });
    expect(res.status).toBe(200);
    const videos = t.app.get(VideoProcessingService);
    await videos.idle();
    const r = await videos.findBySession(account.userId, res.body.sessionId);
    expect(r).toMatchObject({ state: 'uploaded', metadata: { size: avi.length, codecName: 'mjpeg', mimeType: 'video/x-msvideo' } });
    const served = await fetch(r!.fileUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('video/x-msvideo');
  });

  it('the sweep deletes objects without a record and keeps recorded ones', async () => {
    const driver = t.app.get<S3StorageDriver>(STORAGE_DRIVER);
    await driver.client.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'image/nobody/0000000000000000-orphan.png', Body: 'x', ContentType: 'image/png' }));
    const kept = await t.connection.collection('media').findOne({ state: 'uploaded' });
    const result = await t.app.get(MediaSweeper).sweep(new Date(Date.now() + 3 * 3600_000));
    expect(result.orphanFiles).toBe(1);
    expect(await driver.stat('image/nobody/0000000000000000-orphan.png')).toBeNull();
    expect(await driver.stat(kept!.fileName as string)).not.toBeNull();
  });
});
