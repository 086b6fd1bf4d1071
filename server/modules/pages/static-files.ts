import fs from 'node:fs';
import path from 'node:path';
import express, { type RequestHandler } from 'express';
import { chooseEncoding } from './content-coding';
import { ENCODINGS, type Encoding } from './precompress';

/** Hashed file names (Vite's `assets/`) never change content: cached for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** URL path → the encodings its file has a copy in (precompress.ts), read once at start. */
function compressedCopies(dir: string): Map<string, Set<Encoding>> {
  const copies = new Map<string, Set<Encoding>>();
  const walk = (sub: string) => {
    for (const entry of fs.readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const rel = path.posix.join(sub, entry.name);
      if (entry.isDirectory()) walk(rel);
      for (const [encoding, suffix] of Object.entries(ENCODINGS) as Array<[Encoding, string]>) {
        if (!entry.isFile() || !entry.name.endsWith(suffix)) continue;
        const original = `/${rel.slice(0, -suffix.length)}`;
        if (!fs.existsSync(path.join(dir, original))) continue;
        if (!copies.has(original)) copies.set(original, new Set());
        copies.get(original)!.add(encoding);
      }
    }
  };
  walk('');
  return copies;
}

/**
 * The built client's files. A file with compressed copies is sent as the copy the request accepts
 * best (brotli, gzip), with its own type and `Vary: Accept-Encoding`; the copy is then served like
 * any file (its own length, ETag, Last-Modified, 304s and ranges). Copies are not served under
 * their own names: such a path goes on to the routes after this one, as any unknown path.
 */
export function staticFiles(clientDir: string): RequestHandler {
  const dir = path.resolve(clientDir);
  const assets = path.join(dir, 'assets') + path.sep;
  const copies = compressedCopies(dir);
  const serve = express.static(dir, {
    index: false,
    maxAge: '1h',
    setHeaders: (res, file) => {
      if (file.startsWith(assets)) res.setHeader('Cache-Control', IMMUTABLE);
    },
  });
  return (req, res, next) => {
    if (/\.(br|gz)$/.test(req.path)) return next();
    const available = req.method === 'GET' || req.method === 'HEAD' ? copies.get(req.path) : undefined;
    const encoding = available ? chooseEncoding(req.get('accept-encoding'), available) : null;
    if (available) res.vary('Accept-Encoding');
    if (!encoding) return serve(req, res, next);
    const url = req.url;
    res.setHeader('Content-Encoding', encoding);
    res.type(path.extname(req.path));
    const query = url.indexOf('?');
    req.url = req.path + ENCODINGS[encoding] + (query >= 0 ? url.slice(query) : '');
    // The copy went missing since the start: the request goes on as it came.
    serve(req, res, (err?: unknown) => {
      req.url = url;
      res.removeHeader('Content-Encoding');
      res.removeHeader('Content-Type');
      next(err);
    });
  };
}
