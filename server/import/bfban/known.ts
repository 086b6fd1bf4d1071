import { sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import type { MapContext } from './context';
import type { Zone } from './zone';

const PAGE = 50_000;
const TYPE_CODES = ['report', 'judgement', 'reply', 'banAppeal'];

/**
 * The ids already here that later tables refer to (users, cases, entries, bindings, file names), kept in
 * memory as rows are written (or, in a dry run, as they would be): references are checked
 * without a query per row. Bounded by the number of accounts, cases and entries, not their
 * content; entries take 5 bytes each. A resumed import reads them back from the database first.
 */
export function knownIds(zone: Zone, hasIntroductionColumn: boolean) {
  const users = new Set<number>();
  const players = new Map<number, { originUserId: string; originPersonaId: string; originName: string; games?: string[] }>();
  const playerByOriginUserId = new Map<string, number>();
  const playerByPersonaId = new Map<string, number>();
  const boundBy = new Map<string, number>();
  const fileByName = new Map<string, number>();
  let entryPlayer = new Int32Array(1 << 16);
  let entryType = new Uint8Array(1 << 16);
  const grow = (id: number) => {
    if (id < entryPlayer.length) return;
    let n = entryPlayer.length;
    while (n <= id) n *= 2;
    const p = new Int32Array(n);
    p.set(entryPlayer);
    const t = new Uint8Array(n);
    t.set(entryType);
    entryPlayer = p;
    entryType = t;
  };
  const entries: MapContext['entries'] = {
    get(id: number) {
      if (id >= entryPlayer.length || !entryPlayer[id]) return undefined;
      return { playerId: entryPlayer[id]!, type: TYPE_CODES[entryType[id]!] ?? 'other' };
    },
    has(id: number) {
      return id < entryPlayer.length && entryPlayer[id]! > 0;
    },
  } as MapContext['entries'];

  const context: MapContext = { zone, users, players, playerByPersonaId, playerByOriginUserId, entries, fileByName, boundBy, hasIntroductionColumn };
  return {
    context,
    addUser(id: number, originUserId: string | null) {
      users.add(id);
      if (originUserId && !boundBy.has(originUserId)) boundBy.set(originUserId, id);
    },
    addPlayer(id: number, a: { originUserId: string; originPersonaId: string; originName: string; games?: string[] }) {
      players.set(id, a);
      playerByOriginUserId.set(a.originUserId, id);
      const first = playerByPersonaId.get(a.originPersonaId);
      if (a.originPersonaId && (first === undefined || id < first)) playerByPersonaId.set(a.originPersonaId, id);
    },
    addEntry(id: number, playerId: number, type: string) {
      grow(id);
      entryPlayer[id] = playerId;
      const code = TYPE_CODES.indexOf(type);
      entryType[id] = code < 0 ? 255 : code;
    },
    addFile(id: number, name: string) {
      if (!fileByName.has(name)) fileByName.set(name, id);
    },
    /** Reads back what an earlier run wrote. */
    async load(db: Db) {
      const pages = async (table: string, cols: string, each: (r: Record<string, unknown>) => void) => {
        for (let after = 0; ; ) {
          const { rows } = (await db.execute(sql.raw(`select ${cols} from ${table} where id > ${after} order by id limit ${PAGE}`))) as unknown as { rows: Record<string, unknown>[] };
          for (const r of rows) each(r);
          if (rows.length < PAGE) return;
          after = Number(rows[rows.length - 1]!.id);
        }
      };
      await pages('users', 'id, origin_user_id', (r) => this.addUser(Number(r.id), (r.origin_user_id as string | null) ?? null));
      await pages('players', 'id, origin_user_id, origin_persona_id, origin_name, games', (r) =>
        this.addPlayer(Number(r.id), { originUserId: String(r.origin_user_id), originPersonaId: String(r.origin_persona_id), originName: String(r.origin_name), games: r.games as string[] }),
      );
      await pages('timeline', 'id, player_id, type', (r) => this.addEntry(Number(r.id), Number(r.player_id), String(r.type)));
      await pages('files', 'id, name', (r) => this.addFile(Number(r.id), String(r.name)));
    },
  };
}
export type KnownIds = ReturnType<typeof knownIds>;
