// Media files: the upload that comes before a project or a profile picture is saved.
import { ApiError } from './api-error';
import type { TWrites } from './endpoints';

/**
 * POST /api/upload with progress: fetch cannot report upload progress, XMLHttpRequest can.
 * Rejects with an ApiError like every other request, or a plain Error when the request got no answer.
 */
export function uploadMedia(files: File[], onProgress?: (fraction: number) => void): Promise<TWrites['POST']['/api/upload']> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const file of files) form.append('images', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/upload');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve(JSON.parse(xhr.responseText));
      else reject(ApiError.fromResponse(xhr.status, xhr.statusText, xhr.responseText));
    };
    xhr.onerror = () => reject(new Error('Network error'));
    xhr.send(form);
  });
}
