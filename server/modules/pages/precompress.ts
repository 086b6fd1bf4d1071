import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** The encodings the built client is kept in beside each file, by the suffix of their copy. */
export const ENCODINGS = { br: '.br', gzip: '.gz' } as const;
export type Encoding = keyof typeof ENCODINGS;

/** Text files worth compressing; images other than SVG and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;
/** Below this, a compressed copy saves less than its headers and a lookup cost. */
const MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const compress: Record<Encoding, (data: Buffer) => Promise<Buffer>> = {
  br: (data) =>
    brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
  gzip: (data) => gzip(data, { level: 9 }),
};

function* files(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    // Dot folders (Vite's manifest) are never served.
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text file of at least 1 kB in `dir`
 * (the built client), each only when it is smaller than the file; stale copies of a file are
 * removed first. The server and nginx send these by Accept-Encoding (static-files.ts,
 * deploy/nginx.conf). Returns the files compressed.
 */
export async function precompressDir(dir: string): Promise<number> {
  const todo = [...files(dir)].filter((f) => COMPRESSIBLE.test(f));
  let done = 0;
  // zlib's async calls run on libuv's pool: as many at a time as it has threads.
  const queue = [...todo];
  const worker = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const data = fs.readFileSync(file);
      let wrote = false;
      for (const [encoding, suffix] of Object.entries(ENCODINGS) as Array<[Encoding, string]>) {
        fs.rmSync(file + suffix, { force: true });
        if (data.length < MIN_BYTES) continue;
        const packed = await compress[encoding](data);
        if (packed.length >= data.length) continue;
        fs.writeFileSync(file + suffix, packed);
        wrote = true;
      }
      if (wrote) done++;
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return done;
}
