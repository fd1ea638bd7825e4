import { localFileUrl, signedUploadUrl } from './local-storage.driver';
import type { CustomStorageDriver, StorageDriver } from './storage-driver';

/**
 * An embedding app's driver as the media module uses it. A driver behind this app gets this
 * app's signed upload URLs and public file addresses (as the local driver has); a direct-upload
 * driver must give its own.
 */
export function asStorageDriver(driver: CustomStorageDriver, app: { publicBaseUrl: () => string; signingKey: Buffer }): StorageDriver {
  if (driver.directUploads) {
    const { createUploadUrl, publicUrl } = driver;
    if (!createUploadUrl || !publicUrl) throw new Error(`Storage driver "${driver.kind}" takes uploads directly but has no createUploadUrl or publicUrl`);
    return driver as StorageDriver;
  }
  return {
    kind: driver.kind,
    directUploads: false,
    createUploadUrl: async (input) => signedUploadUrl(app.publicBaseUrl(), app.signingKey, input),
    publicUrl: (key) => localFileUrl(app.publicBaseUrl(), key),
    putFile: (key, sourcePath, contentType) => driver.putFile(key, sourcePath, contentType),
    stat: (key) => driver.stat(key),
    open: (key, range) => driver.open(key, range),
    withLocalFile: (key, work) => driver.withLocalFile(key, work),
    delete: (key) => driver.delete(key),
    list: () => driver.list(),
  };
}
