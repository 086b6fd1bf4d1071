import type { DirectUpload } from '@shared/types/files';
import { ApiError } from './ApiError';

/** Bytes sent so far and the total; a pause and cancel like the chunked path's. */
export interface DirectOptions {
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
  /** A signal for one request: aborted by a pause or by the whole upload's cancel (`UploadControl.chunkSignal`). */
  requestSignal?: () => AbortSignal | undefined;
  /** Resolves at once unless paused (`UploadControl.whilePaused`). */
  whilePaused?: () => Promise<void>;
  /** True while paused: an abort then is a pause, not a cancel. */
  paused?: () => boolean;
}

/**
 * The store could not be used from this browser (unreachable, no CORS for the site, the ETag not
 * exposed): the upload goes on through the server, on the same session.
 */
export class StoreUnreachable extends Error {
  /** A dropped connection may pass on a second try; a refusal will not. */
  constructor(
    message: string,
    readonly retry = false,
  ) {
    super(message);
  }
}

/** The parts of a multipart upload: part `n` is bytes `(n-1)·partBytes` up to the next part or the end. */
export function partsOf(size: number, partBytes: number) {
  return Array.from({ length: Math.ceil(size / partBytes) }, (_, i) => ({ partNumber: i + 1, first: i * partBytes, end: Math.min(size, (i + 1) * partBytes) }));
}

/** Few: a store this browser cannot reach (no CORS for the site) looks like a dropped connection, and the server's path waits. */
const RETRIES = 2;
const aborted = () => new DOMException('The upload was cancelled.', 'AbortError');
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(t), reject(aborted())), { once: true });
  });

/** One request to the store (XMLHttpRequest: fetch cannot report upload progress), answering its status and ETag. */
function toStore(method: 'POST' | 'PUT', url: string, body: XMLHttpRequestBodyInit, onProgress: (sent: number) => void, signal?: AbortSignal) {
  return new Promise<{ etag: string | null }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.upload.onprogress = (e) => onProgress(e.loaded);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve({ etag: xhr.getResponseHeader('ETag') });
      // The store refused what the server signed (expired, another size): the server's path still works.
      reject(new StoreUnreachable(`the store answered ${xhr.status}`));
    };
    xhr.onerror = () => reject(new StoreUnreachable('the store could not be reached', true));
    xhr.onabort = () => reject(aborted());
    if (signal?.aborted) return xhr.abort();
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

/**
 * Sends one request to the store, trying again after a dropped connection (waiting longer each
 * time), and again after a pause; a refusal or too many failures give up (`StoreUnreachable`).
 */
async function withRetries<T>(opts: DirectOptions, send: (signal?: AbortSignal) => Promise<T>): Promise<T> {
  for (let tries = 0; ; ) {
    await opts.whilePaused?.();
    try {
      return await send(opts.requestSignal?.() ?? opts.signal);
    } catch (e) {
      if ((e as Error).name === 'AbortError') {
        if (opts.paused?.() && !opts.signal?.aborted) continue;
        throw e;
      }
      if (!(e instanceof StoreUnreachable && e.retry) || ++tries > RETRIES) throw e;
      await sleep(500 * 2 ** tries, opts.signal);
    }
  }
}

/**
 * Sends the file straight to the object store as the server's offer says (one presigned POST, or
 * each part to its signed URL, parts already sent are not sent again), then answers what
 * `completeUrl` must be told: the parts and their ETags (none for a POST).
 */
export async function sendToStore(file: Blob, offer: DirectUpload, opts: DirectOptions = {}): Promise<{ parts?: Array<{ partNumber: number; etag: string }> }> {
  const progress = (done: number) => opts.onProgress?.(done, file.size);
  if (offer.method === 'post') {
    const form = new FormData();
    for (const [k, v] of Object.entries(offer.fields)) form.append(k, v);
    form.append('file', file);
    await withRetries(opts, (signal) => toStore('POST', offer.url, form, progress, signal));
    return {};
  }
  const parts: Array<{ partNumber: number; etag: string }> = [];
  let done = 0;
  for (const part of partsOf(file.size, offer.partBytes)) {
    const url = offer.parts.find((p) => p.partNumber === part.partNumber)?.url;
    if (!url) throw new ApiError('upload.bad', `no signed URL for part ${part.partNumber}`, 0);
    const { etag } = await withRetries(opts, (signal) => toStore('PUT', url, file.slice(part.first, part.end), (sent) => progress(done + sent), signal));
    if (!etag) throw new StoreUnreachable('the store does not show this site the ETag of a part (CORS ExposeHeaders)');
    parts.push({ partNumber: part.partNumber, etag });
    done += part.end - part.first;
    progress(done);
  }
  return { parts };
}
