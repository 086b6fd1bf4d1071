import zlib from 'node:zlib';
import type { Request, Response } from 'express';
import compression from 'compression';

/** Answers shorter than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_FROM_BYTES = 1024;

/** What the `compression` middleware compresses: what it knows by type, and NDJSON streams (the feed's export), which it does not. */
export const compressibleAnswer = (req: Request, res: Response) =>
  compression.filter(req, res) || /^application\/x-ndjson\b/.test(String(res.getHeader('Content-Type') ?? ''));

type Encoding = 'br' | 'gzip' | 'deflate';

/** The compressed copies of kept answers, living as long as the answer itself (the read cache's buffer). */
const copies = new WeakMap<Buffer, Partial<Record<Encoding, Buffer>>>();

const compress = (body: Buffer, encoding: Encoding) =>
  encoding === 'br'
    ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : encoding === 'gzip'
      ? zlib.gzipSync(body)
      : zlib.deflateSync(body);

/**
 * An answer kept in the read cache, in the encoding the request accepts: compressed once, on the
 * first request that accepts it, then sent as it is to every later one. Null: send it plain.
 */
export function keptAnswerEncoded(req: Request, body: Buffer): { encoding: Encoding; bytes: Buffer } | null {
  if (body.length < COMPRESS_FROM_BYTES) return null;
  // Brotli when accepted at all (browsers list it after gzip, at the same weight), as `compression` prefers it;
  // deflate for a client that takes nothing else, as `compression` answers it (a hit runs no `compression`).
  const encoding = req.acceptsEncodings('br') ? 'br' : req.acceptsEncodings('gzip') ? 'gzip' : req.acceptsEncodings('deflate') ? 'deflate' : null;
  if (!encoding) return null;
  let kept = copies.get(body);
  if (!kept) copies.set(body, (kept = {}));
  return { encoding, bytes: (kept[encoding] ??= compress(body, encoding)) };
}
