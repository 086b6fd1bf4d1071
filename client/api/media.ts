import type { ErrorBody, SuccessBody } from '@shared/errors';
import type { MediaFile, StorageQuota, UploadSessionStart } from '@shared/types/files';
import { LIMITS } from '@shared/limits';
import { ApiError } from './ApiError';
import { api, currentToken } from './client';
import type { UploadedFile } from './files';
import { sendToStore, StoreUnreachable } from './directUpload';

/** What the library shows: files whose own name contains `name` (any case), of one kind. */
export interface MediaQuery {
  name?: string;
  kind?: MediaFile['kind'];
}

/** The media library (`/service/myFiles`, 40 a page), the quota, deleting, the avatar. */
export const getMyFiles = (page: number, query: MediaQuery = {}, signal?: AbortSignal, limit: number = LIMITS.mediaPage) =>
  api.getList<MediaFile>('/service/myFiles', { skip: page * limit, limit, name: query.name || undefined, kind: query.kind }, { signal });
export const getQuota = () => api.get<StorageQuota>('/service/myStorageQuota');
export const deleteMedia = (filename: string) => request('DELETE', `/api/service/file?filename=${encodeURIComponent(filename)}`);
export const chooseAvatar = (filename: string | null) => api.post<{ userAvatar: string }>('/user/avatar', { data: { filename } });

export interface UploadOptions {
  /** Bytes sent so far and the total. */
  onProgress?: (sent: number, total: number) => void;
  /** Cancels the upload (a big-file session is ended on the server). */
  signal?: AbortSignal;
  /** Big files only: pausing stops the chunk in flight and keeps the session; resuming goes on from what arrived. */
  control?: UploadControl;
}

/** Pause and resume for a big-file upload. */
export class UploadControl {
  paused = false;
  private chunk: AbortController | null = null;
  private waiters: Array<() => void> = [];

  pause() {
    this.paused = true;
    this.chunk?.abort();
  }

  resume() {
    this.paused = false;
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** A signal for one chunk: aborted by a pause, or by the whole upload's cancel. */
  chunkSignal(outer?: AbortSignal) {
    const chunk = new AbortController();
    this.chunk = chunk;
    if (outer?.aborted) chunk.abort();
    else outer?.addEventListener('abort', () => chunk.abort(), { once: true });
    return chunk.signal;
  }

  /** Resolves at once unless paused, else when resumed. */
  whilePaused(): Promise<void> {
    return this.paused ? new Promise((resolve) => this.waiters.push(resolve)) : Promise.resolve();
  }
}

function failure(status: number, text: string): ApiError {
  try {
    const body = JSON.parse(text) as ErrorBody;
    if (typeof body.code === 'string') return new ApiError(body.code, body.message, status);
  } catch {
    // Not our envelope: the status says enough.
  }
  return new ApiError(status === 413 ? 'upload.tooLarge' : status === 0 ? 'network.error' : 'server.error', text.slice(0, 200), status);
}

/** One XMLHttpRequest (fetch cannot report upload progress), answering the parsed body. */
function request(method: string, url: string, opts: { body?: XMLHttpRequestBodyInit; headers?: Record<string, string>; auth?: boolean } & UploadOptions = {}) {
  return new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [k, v] of Object.entries(opts.headers ?? {})) xhr.setRequestHeader(k, v);
    const token = opts.auth === false ? null : currentToken();
    if (token) xhr.setRequestHeader('x-access-token', token);
    xhr.upload.onprogress = (e) => e.lengthComputable && opts.onProgress?.(e.loaded, e.total);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          return resolve({ status: xhr.status, body: JSON.parse(xhr.responseText) as Record<string, unknown> });
        } catch {
          // Fall through.
        }
      }
      reject(failure(xhr.status, xhr.responseText));
    };
    xhr.onerror = () => reject(new ApiError('network.error', 'the upload did not reach the server', 0));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    if (opts.signal?.aborted) return xhr.abort();
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(opts.body ?? null);
  });
}

/** An image or video for the widget: multipart (field `file`, its filename kept as the file's own name), the server reads the type from the bytes. */
export async function uploadMedia(file: Blob, name: string, opts: UploadOptions = {}): Promise<UploadedFile & { state: MediaFile['state'] }> {
  const form = new FormData();
  form.append('file', file, name);
  const { body } = await request('POST', '/api/service/upload', { ...opts, body: form });
  return (body as unknown as SuccessBody<UploadedFile & { state: MediaFile['state'] }>).data!;
}

/** The chunk to send next: from the first byte the server lacks, at most 10 MiB (`LIMITS.uploadChunkBytes`, shared/limits.ts). */
export function nextChunk(received: number, size: number, chunk: number = LIMITS.uploadChunkBytes) {
  const first = received;
  const last = Math.min(size, first + chunk) - 1;
  return { first, last, range: `bytes ${first}-${last}/${size}` };
}

/** `["12345-"]` → 12345. */
export const receivedOf = (ranges: unknown) => (Array.isArray(ranges) && typeof ranges[0] === 'string' ? Number(ranges[0].split('-')[0]) : 0);

const RETRIES = 5;
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(t), reject(new DOMException('The upload was cancelled.', 'AbortError'))), { once: true });
  });

/**
 * A file over 2 MiB: a big-file session, sent in 10 MiB chunks with progress. After a dropped
 * connection it asks the session what arrived and goes on from there (a few tries, waiting longer
 * each time). Cancelling ends the session on the server. When the session's answer offers
 * `direct` (an object store), the bytes go straight there instead (./directUpload.ts), and
 * through the server after all if this browser cannot reach the store.
 */
export async function uploadBig(file: Blob, opts: UploadOptions = {}, name?: string): Promise<UploadedFile & { state: MediaFile['state'] }> {
  const session = await api.post<UploadSessionStart>('/service/uploadBigFile', { data: { size: file.size, mimeType: file.type, name } });
  const url = new URL(session.uploadUrl, location.origin);
  const path = `${url.pathname}${url.search}`;
  let received = 0;
  let tries = 0;
  try {
    if (session.direct) {
      // The site keeps its files in an object store: the bytes go there, and the server checks them at the end.
      const control = opts.control;
      try {
        const sent = await sendToStore(file, session.direct, {
          onProgress: opts.onProgress,
          signal: opts.signal,
          requestSignal: control ? () => control.chunkSignal(opts.signal) : undefined,
          whilePaused: control ? () => control.whilePaused() : undefined,
          paused: control ? () => control.paused : undefined,
        });
        const complete = new URL(session.direct.completeUrl, location.origin);
        const res = await request('POST', `${complete.pathname}${complete.search}`, { auth: false, body: JSON.stringify({ data: sent }), headers: { 'Content-Type': 'application/json' }, signal: opts.signal });
        return (res.body as unknown as SuccessBody<UploadedFile & { state: MediaFile['state'] }>).data!;
      } catch (e) {
        // This browser cannot use the store: the same session takes the bytes through the server.
        if (!(e instanceof StoreUnreachable)) throw e;
        opts.onProgress?.(0, file.size);
      }
    }
    for (;;) {
      await opts.control?.whilePaused();
      const { first, last, range } = nextChunk(received, file.size);
      try {
        const res = await request('PUT', path, {
          auth: false,
          body: file.slice(first, last + 1),
          headers: { 'Content-Type': 'application/octet-stream', 'Content-Range': range },
          signal: opts.control ? opts.control.chunkSignal(opts.signal) : opts.signal,
          onProgress: (sent) => opts.onProgress?.(first + sent, file.size),
        });
        tries = 0;
        if (res.status === 201) return (res.body as unknown as SuccessBody<UploadedFile & { state: MediaFile['state'] }>).data!;
        received = receivedOf(res.body.nextExpectedRanges);
      } catch (e) {
        const aborted = (e as Error).name === 'AbortError';
        if (aborted && opts.control?.paused && !opts.signal?.aborted) {
          // Paused: the chunk in flight is dropped; on resume, ask the session what arrived.
          await opts.control.whilePaused();
          received = receivedOf((await request('GET', path, { auth: false, signal: opts.signal })).body.nextExpectedRanges);
          continue;
        }
        if (aborted || !(e instanceof ApiError) || !['network.error', 'upload.badRange'].includes(e.code) || ++tries > RETRIES) throw e;
        await sleep(500 * 2 ** tries, opts.signal);
        try {
          received = receivedOf((await request('GET', path, { auth: false, signal: opts.signal })).body.nextExpectedRanges);
        } catch (again) {
          // Still offline: the next try (waiting longer) asks again.
          if (!(again instanceof ApiError) || again.code !== 'network.error') throw again;
        }
      }
    }
  } catch (e) {
    if ((e as Error).name === 'AbortError') void request('DELETE', path, { auth: false }).catch(() => undefined);
    throw e;
  }
}

/** Chooses the way by size: the widget's single request up to 2 MiB, a big-file session above. */
export const uploadAny = (file: File, opts: UploadOptions = {}) => (file.size > LIMITS.uploadImageBytes ? uploadBig(file, opts, file.name) : uploadMedia(file, file.name, opts));
