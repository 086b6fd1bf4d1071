// The embedded database's own thread (see pglite-thread.ts): PGlite runs here, so its work no longer
// holds up the server's event loop. Plain JavaScript: a worker starts without the TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const { dataDir, loadDataDir } = workerData;
const database = new PGlite({
  dataDir,
  loadDataDir: loadDataDir ? new Blob([loadDataDir]) : undefined,
  extensions: { pg_trgm },
});

/** Each request's answer; requests come one at a time (the main thread holds PGlite's locks). */
const operations = {
  /** The protocol messages' raw answer; the files are synced after every statement that leaves no transaction open. */
  async exec({ bytes }) {
    const raw = await database.execProtocolRaw(bytes, { syncToFs: false });
    if (!database.isInTransaction()) await database.syncToFs();
    // PGlite may reuse the buffer it answered in: a copy of our own is handed over.
    const answer = raw.slice();
    return { value: answer, transfer: [answer.buffer] };
  },
  async sync() {
    await database.syncToFs();
    return { value: null };
  },
  async dump({ compression }) {
    const bytes = new Uint8Array(await (await database.dumpDataDir(compression)).arrayBuffer());
    return { value: bytes, transfer: [bytes.buffer] };
  },
  async close() {
    await database.close();
    return { value: null };
  },
};

parentPort.on('message', async (request) => {
  try {
    const { value, transfer } = await operations[request.op](request);
    parentPort.postMessage({ id: request.id, value }, transfer ?? []);
  } catch (error) {
    parentPort.postMessage({ id: request.id, error: { message: String(error?.message ?? error), ...error } });
  }
});

try {
  await database.waitReady;
  parentPort.postMessage({ id: 0, value: 'ready' });
} catch (error) {
  parentPort.postMessage({ id: 0, error: { message: String(error?.message ?? error) } });
}
