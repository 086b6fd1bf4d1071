/**
 * The read bench's baselines, one per process (`tsx bench/baseline-server.ts <kind>`, PORT):
 *   bare     a `node:http` hello-world: the most one Node process answers, the bench's primary ratio;
 *   express  the same hello-world through Express (the stack the site runs on);
 *   case     the case read the site answers, done the plain way: `node:http`, one pg query per
 *            request through a pool of the site's size (10), a named statement, no coalescing, no cache.
 */
import http from 'node:http';
import express from 'express';
import pg from 'pg';

const kind = process.argv[2];
const port = Number(process.env.PORT ?? 8181);
const ready = () => console.log(`baseline ${kind} ready`);
const HELLO = JSON.stringify({ hello: 'world' });

function send(res: http.ServerResponse, status: number, body: string) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

if (kind === 'bare') {
  http.createServer((_req, res) => send(res, 200, HELLO)).listen(port, '127.0.0.1', ready);
} else if (kind === 'express') {
  const app = express();
  app.get('/', (_req, res) => void res.json({ hello: 'world' }));
  app.listen(port, '127.0.0.1', ready);
} else if (kind === 'case') {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  const statement = { name: 'bench_case_by_persona', text: 'SELECT * FROM players WHERE origin_persona_id = $1 AND valid LIMIT 1' };
  http
    .createServer((req, res) => {
      const personaId = new URL(req.url ?? '/', 'http://x').searchParams.get('personaId') ?? '';
      pool.query({ ...statement, values: [personaId] }).then(
        ({ rows }) => (rows[0] ? send(res, 200, JSON.stringify({ success: 1, code: 'player.ok', data: rows[0] })) : send(res, 404, '{"error":1}')),
        () => send(res, 500, '{"error":1}'),
      );
    })
    .listen(port, '127.0.0.1', ready);
} else {
  throw new Error('baseline kind: bare, express or case');
}
