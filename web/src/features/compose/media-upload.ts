/**
 * A file on its way to the service: createUploadUrl, then a PUT of the bytes with progress
 * (XMLHttpRequest: fetch reports no upload progress), then the media id createPost attaches.
 */
export interface UploadState {
  key: string;
  file: File;
  kind: 'image' | 'video' | 'document';
  progress: number;
  /** A data: URL for images (the CSP allows data:, not blob:); null for video. */
  preview: string | null;
  mediaId: string | null;
  error: string | null;
}

/** A PDF is a document: LinkedIn posts it as a document (carousel) post. */
export const ACCEPTED = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'video/mp4', 'video/quicktime', 'application/pdf'];

export function kindOf(file: File): 'image' | 'video' | 'document' {
  if (file.type === 'application/pdf') return 'document';
  return file.type.startsWith('video/') ? 'video' : 'image';
}

export function readPreview(file: File): Promise<string | null> {
  if (!file.type.startsWith('image/')) return Promise.resolve(null);
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : null);
    reader.onerror = () => resolve(null);
    reader.readAsDataURL(file);
  });
}

/** PUTs `file` to `url` with its content type; `onProgress` gets 0-100. Rejects with a readable message. */
export function putFile(url: string, file: File, onProgress: (percent: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', file.type);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve();
      let message = `Upload failed (HTTP ${xhr.status})`;
      try {
        message = (JSON.parse(xhr.responseText) as { error?: string }).error ?? message;
      } catch {
        // not JSON: keep the status
      }
      reject(new Error(message));
    };
    xhr.onerror = () => reject(new Error('The upload could not reach the service'));
    xhr.send(file);
  });
}
