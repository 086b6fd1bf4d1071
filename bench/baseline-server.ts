/**
 * The baselines of DESIGN §8, in their own process: a plain Express hello-world (B-http) and a
 * primary-key select through a pg pool (B-pk).
 */
import express from 'express';
import pg from 'pg';

const app = express();
const pool = process.env.DATABASE_URL ? new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 }) : null;
app.get('/hello', (_req, res) => void res.json({ hello: 'world' }));
app.get('/pk', async (req, res) => {
  const { rows } = await pool!.query('SELECT id, origin_name FROM players WHERE id = $1', [Number(req.query.id) || 1]);
  res.json(rows[0] ?? null);
});
app.listen(Number(process.env.PORT ?? 8181), '127.0.0.1', () => console.log('baseline ready'));
