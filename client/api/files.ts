import type { ErrorBody, SuccessBody } from '@shared/errors';
import { ApiError } from './ApiError';
import { currentToken } from './client';
import { attachmentDisposition } from './contentDisposition';

/** An uploaded file (PUT /service/upload). `downloadURL` is a path on this site. */
export interface UploadedFile {
  name: string;
  /** The file's own name as the upload gave it; null when it gave none. */
  originalName?: string | null;
  size: number;
  mimeType: string;
  downloadURL: string;
  /** Zip archives: whether the server found a MOSS log (Logfile.log) inside. */
  hasMossLog?: boolean;
}

interface UploadOptions {
  /** Called with the share of the body sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

function failureOf(status: number, text: string): ApiError {
  let body: ErrorBody | null = null;
  try {
    body = JSON.parse(text) as ErrorBody;
  } catch {
    // Not our envelope (a proxy's page): the status says enough.
  }
  if (body && typeof body.code === 'string') return new ApiError(body.code, body.message, status);
  return new ApiError(status === 413 ? 'upload.tooLarge' : 'server.error', text.slice(0, 200), status);
}

/**
 * Sends one file as the raw request body, with the session's token (and a `File`'s own name, which
 * the media library shows), reporting the upload's progress (fetch cannot report it, XMLHttpRequest can).
 */
export function uploadFile(file: Blob, { onProgress, signal }: UploadOptions = {}): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', '/api/service/upload');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    if (file instanceof File && file.name) xhr.setRequestHeader('Content-Disposition', attachmentDisposition(file.name));
    const token = currentToken();
    if (token) xhr.setRequestHeader('x-access-token', token);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          const body = JSON.parse(xhr.responseText) as SuccessBody<UploadedFile>;
          if (body.success === 1 && body.data) return resolve(body.data);
        } catch {
          // Fall through to the failure below.
        }
      }
      reject(failureOf(xhr.status, xhr.responseText));
    };
    xhr.onerror = () => reject(new ApiError('network.error', 'the upload did not reach the server', 0));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

/** Our own download address (`/api/service/file?filename=`, relative or on PUBLIC_URL) on this page's origin, which needs the token for archives; null for any other link. */
export function ownFileUrl(href: string, origin = location.origin): URL | null {
  try {
    const url = new URL(href, origin);
    const filename = url.pathname === '/api/service/file' ? url.searchParams.get('filename') : null;
    // The server keeps such links on PUBLIC_URL, which may not be the address this page was opened at:
    // the file is fetched from this origin, so the token never goes anywhere else.
    return filename ? new URL(`/api/service/file?filename=${encodeURIComponent(filename)}`, origin) : null;
  } catch {
    return null;
  }
}

/**
 * Downloads one of our files with the session's token (a plain link cannot send the header) and
 * hands it to the browser as a saved file.
 */
export async function downloadOwnFile(url: URL): Promise<void> {
  const headers: Record<string, string> = {};
  const token = currentToken();
  if (token) headers['x-access-token'] = token;
  const response = await fetch(`${url.pathname}${url.search}`, { headers, cache: 'no-store' }).catch((e: Error) => {
    throw new ApiError('network.error', e.message, 0);
  });
  if (!response.ok) throw failureOf(response.status, await response.text().catch(() => ''));
  const blob = await response.blob();
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = url.searchParams.get('filename') ?? 'download';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}
