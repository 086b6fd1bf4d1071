import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';

/** Stored names: `YYYY-MM-DD_<uuid>.<ext>` as the original; nothing from the request reaches the path. */
const NAME = /^\d{4}-\d{2}-\d{2}_[0-9a-f-]{36}\.[a-z0-9]{2,5}$/;
export const isStoredName = (name: string) => NAME.test(name);

export function newFileName(ext: string, now = new Date()) {
  return `${now.toISOString().slice(0, 10)}_${crypto.randomUUID()}.${ext}`;
}

export async function writeFile(dir: string, name: string, bytes: Buffer) {
  await fs.mkdir(dir, { recursive: true });
  const partial = path.join(dir, `.${name}.partial`);
  await fs.writeFile(partial, bytes);
  await fs.rename(partial, path.join(dir, name));
}

export const filePath = (dir: string, name: string) => path.join(dir, name);
