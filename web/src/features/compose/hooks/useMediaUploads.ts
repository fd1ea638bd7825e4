import { useState } from 'react';
import { useMutation } from 'urql';
import { errorMessage } from '../../../api/client';
import { CreateUploadUrlDocument } from '../compose.documents';
import { ACCEPTED, kindOf, putFile, readPreview, type UploadState } from '../media-upload';

/**
 * The post's files: each one added is uploaded at once (createUploadUrl, then a PUT with its
 * progress) and previewed; a type no platform takes is kept in the list with the reason, not sent.
 */
export function useMediaUploads() {
  const [uploads, setUploads] = useState<UploadState[]>([]);
  const [, createUploadUrl] = useMutation(CreateUploadUrlDocument);

  const update = (key: string, change: Partial<UploadState>) => setUploads((all) => all.map((u) => (u.key === key ? { ...u, ...change } : u)));
  const add = async (files: File[]) => {
    for (const file of files) {
      const key = `${file.name}-${file.size}-${Math.random()}`;
      if (!ACCEPTED.includes(file.type)) {
        setUploads((all) => [
          ...all,
          { key, file, kind: kindOf(file), progress: 0, preview: null, mediaId: null, error: `${file.type || 'This file type'} cannot be posted` },
        ]);
        continue;
      }
      setUploads((all) => [...all, { key, file, kind: kindOf(file), progress: 0, preview: null, mediaId: null, error: null }]);
      void readPreview(file).then((preview) => update(key, { preview }));
      const made = await createUploadUrl({ input: { fileName: file.name, contentType: file.type, type: kindOf(file) } });
      if (made.error) {
        update(key, { error: errorMessage(made.error) });
        continue;
      }
      try {
        await putFile(made.data!.createUploadUrl.uploadUrl, file, (progress) => update(key, { progress }));
        update(key, { progress: 100, mediaId: made.data!.createUploadUrl.mediaId });
      } catch (err) {
        update(key, { error: (err as Error).message });
      }
    }
  };
  const remove = (key: string) => setUploads((all) => all.filter((u) => u.key !== key));

  return {
    uploads,
    add,
    remove,
    /** Refused files are not attached: only the others count as the post's media. */
    attached: uploads.filter((u) => !u.error),
    uploading: uploads.some((u) => !u.mediaId && !u.error),
    mediaIds: uploads.filter((u) => u.mediaId).map((u) => u.mediaId!),
  };
}
