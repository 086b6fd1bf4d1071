import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import { VARIANTS, writeExactly, type ChunkStore, type Storage, type Variant } from './storage';

const SESSION_ID = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * The local disk (UPLOAD_DIR), the embedded default; nodes of one site share it through a common
 * mount. Stored files sit at the folder's top, variants, temporary files and big-file parts in
 * hidden folders of it, so that `commit` is a rename on one file system.
 */
export function localStorage(dir: string): Storage {
  const tmpDir = path.join(dir, '.tmp');
  const variantDir = path.join(dir, '.variants');
  const partDir = path.join(dir, '.parts');
  for (const d of [tmpDir, variantDir, partDir]) fs.mkdirSync(d, { recursive: true });
  const pathOf = (name: string, variant?: Variant) => (variant ? path.join(variantDir, `${name}.${variant}.webp`) : path.join(dir, name));
  const tempPath = () => path.join(tmpDir, `${crypto.randomUUID()}.part`);
  const discard = async (p: string) => {
    await fsp.rm(p, { force: true });
  };
  const stat = async (name: string, variant?: Variant) => {
    try {
      const s = await fsp.stat(pathOf(name, variant));
      return s.isFile() ? { size: s.size } : null;
    } catch {
      return null;
    }
  };
  const partPath = (sessionId: string) => {
    if (!SESSION_ID.test(sessionId)) throw new Error('not a session id');
    return path.join(partDir, `${sessionId}.part`);
  };
  // One part file per session, created empty with it; each chunk is written in place, so a chunk
  // sent again after a dropped connection simply overwrites the same bytes.
  const chunks: ChunkStore = {
    open: (sessionId) => fsp.writeFile(partPath(sessionId), Buffer.alloc(0), { flag: 'wx' }),
    put: (sessionId, first, body, length) => writeExactly(body, fs.createWriteStream(partPath(sessionId), { flags: 'r+', start: first }), length),
    assemble: async (sessionId) => partPath(sessionId),
    drop: (sessionId) => discard(partPath(sessionId)),
  };
  return {
    kind: 'local',
    tempPath,
    async commit(temp, name, variant) {
      await fsp.rename(temp, pathOf(name, variant));
    },
    async write(name, bytes) {
      const temp = tempPath();
      await fsp.writeFile(temp, bytes);
      await fsp.rename(temp, pathOf(name));
    },
    stat,
    async read(name, variant) {
      if (!(await stat(name, variant))) return null;
      return fs.createReadStream(pathOf(name, variant));
    },
    async localCopy(name, variant) {
      if (!(await stat(name, variant))) return null;
      return { path: pathOf(name, variant), release: async () => {} };
    },
    async remove(name) {
      await Promise.all([discard(pathOf(name)), ...VARIANTS.map((v) => discard(pathOf(name, v)))]);
    },
    discard,
    chunks,
  };
}
