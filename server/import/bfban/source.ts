import mysql from 'mysql2';

/**
 * The original's database, read-only: every table is read in key order by one streamed query
 * (rows come as the import takes them, never the whole table in memory), from just after the
 * last key already written. Dates come as text: DATETIME is read in the operator's zone
 * (`zone.ts`), TIMESTAMP in UTC (the session's zone).
 */
export interface Source {
  /** `host:port/database`: the import's name for this source (no credentials). */
  id: string;
  hasColumn(table: string, column: string): Promise<boolean>;
  count(sql: string, params: unknown[]): Promise<number>;
  /** On a connection of its own: it may run while a table is streamed (a batch's look-ups, `undated.ts`). */
  query<T = Record<string, unknown>>(sql: string, params: unknown[]): Promise<T[]>;
  /** Rows of `sql` in batches of `size`, streamed. */
  batches(sql: string, params: unknown[], size: number): AsyncGenerator<Record<string, unknown>[]>;
  close(): Promise<void>;
}

export function sourceIdOf(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || '3306'}${u.pathname}`;
}

export async function openSource(url: string): Promise<Source> {
  const u = new URL(url);
  if (u.protocol !== 'mysql:' && u.protocol !== 'mariadb:') throw new Error(`--from must be a mysql:// URL, not ${u.protocol}`);
  if (u.pathname.length < 2) throw new Error('--from must name the database: mysql://user:pass@host:3306/bfban');
  u.protocol = 'mysql:';
  const conn = await connect(u.toString());
  const p = conn.promise();
  // A streamed query holds its connection until its last row: other queries wait for it there.
  let side: Promise<mysql.Connection> | null = null;
  const beside = async () => (await (side ??= connect(u.toString()))).promise();
  const database = decodeURIComponent(u.pathname.slice(1));
  return {
    id: sourceIdOf(url),
    async hasColumn(table, column) {
      const [rows] = await p.query('SELECT 1 FROM information_schema.columns WHERE table_schema = ? AND table_name = ? AND column_name = ?', [database, table, column]);
      return (rows as unknown[]).length > 0;
    },
    async count(sql, params) {
      const [rows] = await p.query(`SELECT COUNT(*) AS n FROM (${sql}) counted`, params);
      return Number((rows as Array<{ n: number }>)[0]!.n);
    },
    async query<T>(sql: string, params: unknown[]) {
      const [rows] = await (await beside()).query(sql, params);
      return rows as T[];
    },
    async *batches(sql, params, size) {
      const stream = conn.query(sql, params).stream({ highWaterMark: size });
      let batch: Record<string, unknown>[] = [];
      for await (const row of stream) {
        batch.push(row as Record<string, unknown>);
        if (batch.length >= size) {
          yield batch;
          batch = [];
        }
      }
      if (batch.length) yield batch;
    },
    async close() {
      await p.end();
      if (side) await (await side).promise().end();
    },
  };
}

async function connect(uri: string): Promise<mysql.Connection> {
  const conn = mysql.createConnection({ uri, dateStrings: true, supportBigNumbers: true, bigNumberStrings: true, charset: 'utf8mb4' });
  // A lost connection fails the running query (and so the import); without a listener it would end the process unreported.
  conn.on('error', () => undefined);
  const p = conn.promise();
  await p.query(`SET SESSION time_zone = '+00:00'`);
  // While a batch is written the stream is paused: the server must wait for it (its default gives up after 60 s).
  await p.query('SET SESSION net_write_timeout = 3600, net_read_timeout = 3600');
  return conn;
}
