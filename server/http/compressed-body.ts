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

/**
 * Answers at least this long are compressed on libuv's pool instead of the main thread: a big
 * answer (a bot's batch of thousands of cases) would otherwise hold up every other request while
 * it is compressed.
 */
const OFF_THREAD_FROM_BYTES = 64 * 1024;

const brotliOptions = (body: Buffer) => ({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } });

/** Each encoding's compression, at once and on libuv's pool. */
const COMPRESSORS = {
  br: { now: (body: Buffer) => zlib.brotliCompressSync(body, brotliOptions(body)), offThread: (body: Buffer, done: Done) => zlib.brotliCompress(body, brotliOptions(body), done) },
  gzip: { now: (body: Buffer) => zlib.gzipSync(body), offThread: (body: Buffer, done: Done) => zlib.gzip(body, done) },
  deflate: { now: (body: Buffer) => zlib.deflateSync(body), offThread: (body: Buffer, done: Done) => zlib.deflate(body, done) },
} satisfies Record<Encoding, unknown>;
type Done = (err: Error | null, bytes: Buffer) => void;

/** The encoding a request takes, as the `compression` middleware picks it: brotli when accepted at all (browsers list it after gzip, at the same weight), deflate for a client that takes nothing else. */
const acceptedEncoding = (req: Request): Encoding | null =>
  req.acceptsEncodings('br') ? 'br' : req.acceptsEncodings('gzip') ? 'gzip' : req.acceptsEncodings('deflate') ? 'deflate' : null;

export interface EncodedAnswer {
  encoding: Encoding;
  bytes: Buffer;
}

/**
 * Gives `send` a JSON answer in the encoding the request accepts (null: send it plain), compressed
 * in one step: the whole answer is at hand, and the `compression` middleware's stream per answer
 * cost three to four times the compression itself (150 against 35 µs for a 3 kB timeline page in
 * brotli). At once, except for a long answer (`OFF_THREAD_FROM_BYTES`). A kept answer (`kept`: the
 * read cache's buffer) is compressed once per encoding, on the first request that accepts it, and
 * its copy sent as it is to every later one.
 */
export function answerEncoded(req: Request, body: Buffer, kept: boolean, send: (encoded: EncodedAnswer | null) => void): void {
  const encoding = body.length < COMPRESS_FROM_BYTES ? null : acceptedEncoding(req);
  if (!encoding) return send(null);
  let ofBody = kept ? copies.get(body) : undefined;
  if (kept && !ofBody) copies.set(body, (ofBody = {}));
  const copy = ofBody?.[encoding];
  if (copy) return send({ encoding, bytes: copy });
  const sendKept = (bytes: Buffer) => {
    if (ofBody) ofBody[encoding] = bytes;
    send({ encoding, bytes });
  };
  if (body.length < OFF_THREAD_FROM_BYTES) return sendKept(COMPRESSORS[encoding].now(body));
  COMPRESSORS[encoding].offThread(body, (err, bytes) => (err ? send(null) : sendKept(bytes)));
}
