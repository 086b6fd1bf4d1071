import fs from 'node:fs';
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { once } from 'node:events';
import { Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Services } from '@server/core/services';
import { publicCases } from './rows';
import { csvHeader, csvLine } from './csv';

/** A gzip stream written to a temporary file of the storage, hashed and counted on the way. */
function gzipFile(services: Services) {
  const temp = services.storage.tempPath();
  const hash = crypto.createHash('sha256');
  let bytes = 0;
  const gzip = zlib.createGzip();
  const tap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  const written = pipeline(gzip, tap, fs.createWriteStream(temp));
  return {
    temp,
    input: gzip as Writable,
    /** Ends the input and resolves once the file is complete. */
    async finish() {
      gzip.end();
      await written;
      return { bytes, sha256: hash.digest('hex') };
    },
    written,
  };
}

/** Writes text, waiting when the stream's buffer is full: memory stays bounded however many cases. */
async function write(out: Writable, text: string) {
  if (!out.write(text)) await once(out, 'drain');
}

export interface WrittenDump {
  cases: number;
  files: { kind: 'ndjson' | 'csv'; temp: string; bytes: number; sha256: string }[];
}

/**
 * Streams every listed case into two gzip files at once (NDJSON and CSV), a page of cases in memory
 * at a time. The files stay temporary: the caller commits them, or discards them on failure.
 */
export async function writeDump(services: Services): Promise<WrittenDump> {
  const ndjson = gzipFile(services);
  const csv = gzipFile(services);
  // A failed write rejects at once; the catch keeps it from being unhandled before `finish`.
  for (const f of [ndjson, csv]) f.written.catch(() => {});
  try {
    let cases = 0;
    await write(csv.input, csvHeader());
    for await (const page of publicCases(services)) {
      await write(ndjson.input, page.map((c) => `${JSON.stringify(c)}\n`).join(''));
      await write(csv.input, page.map(csvLine).join(''));
      cases += page.length;
    }
    const [n, c] = await Promise.all([ndjson.finish(), csv.finish()]);
    return { cases, files: [{ kind: 'ndjson', temp: ndjson.temp, ...n }, { kind: 'csv', temp: csv.temp, ...c }] };
  } catch (e) {
    ndjson.input.destroy();
    csv.input.destroy();
    await Promise.all([services.storage.discard(ndjson.temp), services.storage.discard(csv.temp)]);
    throw e;
  }
}
