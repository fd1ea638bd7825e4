import { createAccount, createTestApp, type TestApp } from '@test/support';
import { existsSync } from 'node:fs';
import { VideoProcessingService } from '../../src/media/video-processing.service';
import { STORAGE_DRIVER, type StorageDriver } from '../../src/media/storage/storage-driver';
import { PostsService } from '../../src/posts/posts.service';
import { accountWithDraft, makeMjpegAvi, makePng, pathOf, type Account } from './media-helpers';

describe('dashboard media routes (session)', () => {
  let t: TestApp;
  let account: Account;
  let postGroupId: string;

  beforeAll(async () => {
    t = await createTestApp();
    ({ account, postGroupId } = await accountWithDraft(t));
  });
  afterAll(() => t.close());

  const record = (query: Record<string, unknown>) => t.connection.collection('media').findOne(query);
  const upload = async (who: Account, group: string, fileName = 'p.png') => {
    const res = await t.http.post('/api/v1/get-upload-url').set(who.apiHeaders).send({ fileName, contentType: 'image/png', postGroupId: group, type: 'image' });
    expect(
      (
        await t.http
          .put(pathOf(res.body.uploadUrl))
          .set('content-type', 'image/png')
          .send(await makePng())
      ).status,
    ).toBe(200);
    return res.body as { mediaId: string; fileUrl: string };
  };

  describe('POST /media/process-video', () => {
    it('answers a sessionId at once; the stored video and its ffprobe metadata appear on the media record', async () => {
      const avi = await makeMjpegAvi({ width: 80, height: 60, fps: 25, frames: 25 });
      const res = await t.http
        .post('/media/process-video')
        .set('cookie', account.cookie)
        .field('postGroupId', postGroupId)
        .attach('video', avi, { filename: 'holiday clip.avi', contentType: 'video/x-msvideo' });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual(['sessionId']);
      expect(typeof res.body.sessionId).toBe('string');
      await t.app.get(VideoProcessingService).idle();
      const r = await t.app.get(VideoProcessingService).findBySession(account.userId, res.body.sessionId);
      expect(r).toMatchObject({ state: 'uploaded', type: 'video', postGroupId, attached: true, source: 'process-video' });
      expect(r!.mimeType).toBeUndefined();
      expect(r!.metadata).toMatchObject({
        mimeType: 'video/x-msvideo',
        size: avi.length,
        width: 80,
        height: 60,
        frameRate: 25,
        codecName: 'mjpeg',
        duration: 1,
        format: 'unknown',
      });
      expect(r!.fileName).toMatch(new RegExp(`^video/${account.userId}/[0-9a-f]{16}-holiday_clip\\.avi$`));
      const served = await t.http.get(pathOf(r!.fileUrl)).set('range', 'bytes=0-3');
      expect(served.status).toBe(206);
      expect(served.headers['content-type']).toBe('video/x-msvideo');
      const posts = await t.http.get('/api/v1/list-posts').set(account.apiHeaders);
      expect(posts.body.posts.find((p: { postGroupId: string }) => p.postGroupId === postGroupId).mediaUrls).toContain(r!.fileUrl);
    });

    it('an accepted extension with a generic MIME type is accepted', async () => {
      const res = await t.http
        .post('/media/process-video')
        .set('cookie', account.cookie)
        .field('postGroupId', postGroupId)
        .attach('video', Buffer.from('not a real video'), { filename: 'x.mp4', contentType: 'application/octet-stream' });
      expect(res.status).toBe(200);
      await t.app.get(VideoProcessingService).idle();
      const r = await t.app.get(VideoProcessingService).findBySession(account.userId, res.body.sessionId);
      // Stored, but ffprobe cannot read it: the reason is on the record.
      expect(r).toMatchObject({ state: 'uploaded', metadata: { mimeType: 'video/mp4', size: 16 } });
      expect(r!.error).toMatch(/^Metadata extraction failed/);
    });

    it('400 No video file uploaded (no file part)', async () => {
      const res = await t.http.post('/media/process-video').set('cookie', account.cookie).field('postGroupId', postGroupId);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'No video file uploaded' });
    });

    it('400 No video file uploaded (not multipart)', async () => {
      const res = await t.http.post('/media/process-video').set('cookie', account.cookie).send({ postGroupId });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'No video file uploaded' });
    });

    it.each([
      ['a text file', 'notes.txt', 'text/plain'],
      ['an image', 'photo.png', 'image/png'],
      ['a generic type with a wrong extension', 'movie.exe', 'application/octet-stream'],
    ])('400 Unsupported video format for %s', async (_n, filename, contentType) => {
      const res = await t.http
        .post('/media/process-video')
        .set('cookie', account.cookie)
        .field('postGroupId', postGroupId)
        .attach('video', Buffer.from('hello'), { filename, contentType });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'Unsupported video format. Allowed: MP4, MOV, AVI, MKV, WebM' });
    });

    it('400 postGroupId is required', async () => {
      const res = await t.http
        .post('/media/process-video')
        .set('cookie', account.cookie)
        .attach('video', Buffer.from('x'), { filename: 'a.webm', contentType: 'video/webm' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'postGroupId is required' });
    });

    it('413 above the plan video cap (Starter: 50 MB), nothing stored', async () => {
      const starter = await createAccount(t, { plan: 'starter' });
      const before = await t.connection.collection('media').countDocuments({});
      const res = await t.http
        .post('/media/process-video')
        .set('cookie', starter.cookie)
        .field('postGroupId', postGroupId)
        .attach('video', Buffer.alloc(50 * 1024 * 1024 + 1), { filename: 'big.mp4', contentType: 'video/mp4' });
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ error: 'Video exceeds the 50 MB upload limit of the Starter plan' });
      expect(await t.connection.collection('media').countDocuments({})).toBe(before);
    });

    it('401 without a session', async () => {
      const res = await t.http.post('/media/process-video').attach('video', Buffer.from('x'), { filename: 'a.mp4', contentType: 'video/mp4' });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Authentication required' });
    });
  });

  describe('DELETE /media/post/media/:mediaId', () => {
    it('removes the record, the group link and the file', async () => {
      const m = await upload(account, postGroupId, 'delete-me.png');
      const path = (await record({ mediaId: m.mediaId }))!.filePath as string;
      const res = await t.http.delete(`/media/post/media/${m.mediaId}`).set('cookie', account.cookie);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true });
      expect(await record({ mediaId: m.mediaId })).toBeNull();
      expect(existsSync(path)).toBe(false);
      const posts = await t.http.get('/api/v1/list-posts').set(account.apiHeaders);
      expect(posts.body.posts.find((p: { postGroupId: string }) => p.postGroupId === postGroupId).mediaUrls).not.toContain(m.fileUrl);
      const again = await t.http.delete(`/media/post/media/${m.mediaId}`).set('cookie', account.cookie);
      expect(again.status).toBe(404);
      expect(again.body).toEqual({ error: 'Media file not found' });
    });

    it("404 for another user's media and for malformed ids", async () => {
      const m = await upload(account, postGroupId);
      const other = await createAccount(t);
      const res = await t.http.delete(`/media/post/media/${m.mediaId}`).set('cookie', other.cookie);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Media file not found' });
      expect(await record({ mediaId: m.mediaId })).not.toBeNull();
      const bad = await t.http.delete('/media/post/media/not-an-id').set('cookie', account.cookie);
      expect(bad.status).toBe(404);
      expect(bad.body).toEqual({ error: 'Media file not found' });
    });

    it.each(['published', 'failed'])('400 once the post is %s', async (status) => {
      const { account: owner, postGroupId: group } = await accountWithDraft(t);
      const m = await upload(owner, group);
      await t.connection.collection('post_groups').updateOne({ _id: new (await import('mongoose')).Types.ObjectId(group) }, { $set: { status } });
      const res = await t.http.delete(`/media/post/media/${m.mediaId}`).set('cookie', owner.cookie);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'Cannot delete media from a post that has already been published or failed' });
      expect(await record({ mediaId: m.mediaId })).not.toBeNull();
    });

    it('the record is removed even when storage deletion fails', async () => {
      const m = await upload(account, postGroupId);
      const driver = t.app.get<StorageDriver>(STORAGE_DRIVER);
      const spy = jest.spyOn(driver, 'delete').mockRejectedValueOnce(new Error('disk on fire'));
      const res = await t.http.delete(`/media/post/media/${m.mediaId}`).set('cookie', account.cookie);
      spy.mockRestore();
      expect(res.status).toBe(200);
      expect(await record({ mediaId: m.mediaId })).toBeNull();
    });

    it('500 Failed to delete media file on an internal failure', async () => {
      const m = await upload(account, postGroupId);
      const spy = jest.spyOn(t.app.get(PostsService), 'findGroupStatus').mockRejectedValueOnce(new Error('boom'));
      const res = await t.http.delete(`/media/post/media/${m.mediaId}`).set('cookie', account.cookie);
      spy.mockRestore();
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ error: 'Failed to delete media file' });
    });

    it('401 without a session (an API key is not enough)', async () => {
      const res = await t.http.delete('/media/post/media/0123456789abcdef01234567').set(account.apiHeaders);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Authentication required' });
    });
  });

  describe('POST /media/generate-upload-url (deprecated)', () => {
    const gen = (body: Record<string, unknown>, cookie: string | null = account.cookie) => {
      const req = t.http.post('/media/generate-upload-url');
      if (cookie) req.set('cookie', cookie);
      return req.send(body);
    };
    const expectDeprecated = (res: { headers: Record<string, string> }) => {
      expect(res.headers.deprecation).toBe('true');
      expect(res.headers.link).toBe('</api/v1/get-upload-url>; rel="successor-version"');
    };

    it('answers { uploadUrl, key } that works like get-upload-url', async () => {
      const res = await gen({ fileName: 'old style.png', contentType: 'image/png', metadata: { alt: 'x' } });
      expect(res.status).toBe(200);
      expectDeprecated(res);
      expect(Object.keys(res.body).sort()).toEqual(['key', 'uploadUrl']);
      expect(res.body.key).toMatch(new RegExp(`^image/${account.userId}/[0-9a-f]{16}-old_style\\.png$`));
      const put = await t.http
        .put(pathOf(res.body.uploadUrl))
        .set('content-type', 'image/png')
        .send(await makePng());
      expect(put.status).toBe(200);
      const r = await record({ fileName: res.body.key });
      expect(r).toMatchObject({ state: 'uploaded', source: 'generate-upload-url', clientMetadata: { alt: 'x' } });
      expect(r!.postGroupId).toBeUndefined();
    });

    it('a video content type gives a video key', async () => {
      const res = await gen({ fileName: 'a.mp4', contentType: 'video/mp4' });
      expect(res.body.key).toMatch(/^video\//);
    });

    it.each([[{ contentType: 'image/png' }], [{ fileName: 'a.png' }], [{ fileName: '', contentType: 'image/png' }]])(
      '400 fileName and contentType are required (%j)',
      async (body) => {
        const res = await gen(body);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ error: 'fileName and contentType are required' });
        expectDeprecated(res);
      },
    );

    it.each(['application/pdf', 'text/plain', 'audio/mpeg'])('400 Only video and image files are allowed (%s)', async (contentType) => {
      const res = await gen({ fileName: 'a.bin', contentType });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'Only video and image files are allowed' });
      expectDeprecated(res);
    });

    it('401 without a session, still marked deprecated', async () => {
      const res = await gen({ fileName: 'a.png', contentType: 'image/png' }, null);
      expect(res.status).toBe(401);
      expectDeprecated(res);
    });

    it('marks only the deprecated route (not its successor, not a 404)', async () => {
      const successor = await t.http
        .post('/api/v1/get-upload-url')
        .set(account.apiHeaders)
        .send({ fileName: 'a.png', contentType: 'image/png', postGroupId, type: 'image' });
      expect(successor.status).toBe(200);
      const missing = await t.http.post('/media/generate-upload-url-nope').send({});
      expect(missing.status).toBe(404);
      for (const res of [successor, missing]) {
        expect(res.headers.deprecation).toBeUndefined();
        expect(res.headers.link).toBeUndefined();
      }
    });
  });
});
