import crypto from 'node:crypto';
import util from 'node:util';
import zlib from 'node:zlib';
import type { Encoding } from './precompress';

export type PageEncoding = Encoding | 'identity';
export interface PageCopy {
  body: Buffer;
  encoding?: Encoding;
  etag: string;
}

const copy = (body: Buffer, encoding?: Encoding): PageCopy => ({ body, encoding, etag: `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` });

/** The page in every encoding, compressed once at start, each with its own ETag (the app sets none by itself). */
export function compressedPage(html: Buffer): Record<PageEncoding, PageCopy> {
  return {
    identity: copy(html),
    br: copy(zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }), 'br'),
    gzip: copy(zlib.gzipSync(html, { level: 9 }), 'gzip'),
  };
}

const brotli = util.promisify(zlib.brotliCompress);
const gzip = util.promisify(zlib.gzip);
/**
 * Brotli's quality for a page drawn on request: its last levels cost tens of milliseconds on a page
 * of this size for a few per cent, which a reader waiting for the page would pay.
 */
const DRAWN_BROTLI_QUALITY = 9;

/** A page drawn on request: each encoding made the first time it is asked for, off the main thread, then kept. */
export function lazyCompressedPage(html: Buffer): (encoding: PageEncoding) => Promise<PageCopy> {
  const made = new Map<PageEncoding, Promise<PageCopy>>();
  const make = (encoding: PageEncoding) => {
    if (encoding === 'br') return brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: DRAWN_BROTLI_QUALITY } }).then((body) => copy(body, 'br'));
    if (encoding === 'gzip') return gzip(html, { level: 9 }).then((body) => copy(body, 'gzip'));
    return Promise.resolve(copy(html));
  };
  return (encoding) => {
    let found = made.get(encoding);
    if (!found) made.set(encoding, (found = make(encoding)));
    return found;
  };
}
