import { Readable } from 'node:stream';
import { asStorageDriver } from './app-served-storage';
import type { CustomStorageDriver } from './storage-driver';

const behindTheApp: CustomStorageDriver = {
  kind: 'vault',
  directUploads: false,
  putFile: async () => ({ size: 3 }),
  stat: async () => ({ size: 3 }),
  open: async () => Readable.from([Buffer.from('abc')]),
  withLocalFile: (_key, work) => work('/tmp/x'),
  delete: async () => undefined,
  list: async function* () {},
};
const app = { publicBaseUrl: () => 'https://posts.example', signingKey: Buffer.alloc(32, 7) };

describe('asStorageDriver', () => {
  it("gives a driver behind the app this app's signed upload URLs and file addresses, and delegates the rest", async () => {
    const driver = asStorageDriver(behindTheApp, app);
    expect(driver.publicUrl('image/u1/a b.png')).toBe('https://posts.example/media/files/image/u1/a%20b.png');
    const url = await driver.createUploadUrl({ mediaId: 'm1', key: 'image/u1/a.png', contentType: 'image/png', expiresAt: new Date(2_000_000_000_000) });
    expect(url).toMatch(/^https:\/\/posts\.example\/media\/upload\/m1\?expires=2000000000&signature=[0-9a-f]{64}$/);
    expect(await driver.stat('k')).toEqual({ size: 3 });
    expect(driver.kind).toBe('vault');
  });

  it('refuses a direct-upload driver without its own addresses, and keeps one that has them', () => {
    expect(() => asStorageDriver({ ...behindTheApp, directUploads: true }, app)).toThrow(
      'Storage driver "vault" takes uploads directly but has no createUploadUrl or publicUrl',
    );
    const direct = { ...behindTheApp, directUploads: true, createUploadUrl: async () => 'https://store/put', publicUrl: (k: string) => `https://store/${k}` };
    expect(asStorageDriver(direct, app)).toBe(direct);
  });
});
