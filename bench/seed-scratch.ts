/**
 * Seeds a scratch PostgreSQL database with the read bench's synthetic site, for query plans at scale
 * (`npx tsx bench/seed-scratch.ts postgres://postgres@127.0.0.1:5432/perf1m 1000000`): creates the
 * database when missing, migrates it, fills it (bench/dataset.ts). Never point it at a database tests use.
 */
import pg from 'pg';
import { openDatabase } from '@server/db/client';
import { generateDataset } from './dataset';

const [url, casesArg = '1000000'] = process.argv.slice(2) as [string, string?];
const cases = Number(casesArg);
const target = new URL(url);
const name = target.pathname.slice(1);
if (!/^[a-z0-9_]+$/.test(name) || name === 'test') throw new Error('a scratch database name, not test');
const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
await admin.connect();
if (!(await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount) await admin.query(`CREATE DATABASE ${name}`);
await admin.end();
const db = await openDatabase({ databaseUrl: url, poolSize: 1 });
await db.close();
const t = Date.now();
await generateDataset(url, cases, Math.max(1000, Math.round(cases / 10)));
console.log(`seeded ${cases} cases in ${((Date.now() - t) / 1000).toFixed(0)} s`);
