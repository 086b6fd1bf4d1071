import fsp from 'node:fs/promises';
import type { Storage } from '@server/infra/storage';
import type { IncomingObject } from '@server/infra/storage-remote';

/** Bytes received into a temporary file on this node (raw PUT, multipart form, assembled chunks). */
export interface ReceivedFile {
  temp: string;
  size: number;
  /** The file's own name as its client gave it, cleaned (`checkedFileName`); null or absent when none. */
  originalName?: string | null;
}

/** Bytes a browser sent straight to the object store for a big-file session (its incoming key). */
export interface ReceivedInStore extends IncomingObject {
  sessionId: string;
  originalName?: string | null;
}

export type Received = ReceivedFile | ReceivedInStore;

/** An upload not yet accepted, wherever its bytes are: read to be checked, then stored or thrown away. */
export interface Pending {
  size: number;
  originalName?: string | null;
  /** The first `bytes` bytes (the type is read from them). */
  head(bytes: number): Promise<Buffer>;
  /** The whole file as a path on this node (zip and image checks); downloaded once when it is in the store. */
  local(): Promise<string>;
  /** Makes it the stored file `name`. */
  commit(name: string): Promise<void>;
  /** Throws it away (a refusal). */
  discard(): Promise<void>;
  /** Removes what was downloaded to check it (after either end). */
  release(): Promise<void>;
}

async function headOfFile(file: string, bytes: number) {
  const handle = await fsp.open(file, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export function pendingOf(storage: Storage, got: Received): Pending {
  if ('temp' in got) {
    return {
      size: got.size,
      originalName: got.originalName,
      head: (bytes) => headOfFile(got.temp, bytes),
      local: async () => got.temp,
      commit: (name) => storage.commit(got.temp, name),
      discard: () => storage.discard(got.temp),
      release: async () => {},
    };
  }
  const direct = storage.direct;
  if (!direct) throw new Error('an upload in the store without a store that takes them');
  let copy: Promise<string> | undefined;
  const release = async () => {
    const file = await copy?.catch(() => null);
    if (file) await storage.discard(file);
    copy = undefined;
  };
  return {
    size: got.size,
    originalName: got.originalName,
    head: (bytes) => direct.head(got.sessionId, got, bytes),
    local: () => (copy ??= direct.download(got.sessionId, got)),
    commit: (name) => direct.adopt(got.sessionId, got, name),
    discard: async () => {
      await release();
      await direct.drop(got.sessionId);
    },
    release,
  };
}
