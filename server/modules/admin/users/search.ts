import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { NAME_FOLD } from '@shared/names';
import type { SearchUserQuery } from '@shared/schemas/admin-users';
import { nameKey } from '@shared/names';
import { STAFF_PREDICATE, users } from '@server/db/schema';
import type { DbOrTx } from '@server/db/client';
import { containsPattern } from '@server/modules/search/like';

const FROM = Object.keys(NAME_FOLD).join('');
const TO = Object.values(NAME_FOLD).join('');

/** The SQL twin of `nameKey` (without accent folding): case and look-alike characters folded. */
const foldedSql = (column: SQL | typeof users.username) => sql`replace(replace(translate(lower(${column}), ${FROM}, ${TO}), 'rn', 'm'), 'vv', 'w')`;

/**
 * Staff search over every account, deleted ones included: by id, by username or platform name
 * (confusable-aware, anywhere in the name, exact matches first), by persona id, or by e-mail; with
 * no name, every account of the type.
 */
export async function searchStaffUsers(db: DbOrTx, q: SearchUserQuery) {
  const conds: SQL[] = [];
  const needle = q.name.trim();
  let exact: SQL | null = null;
  // Nothing typed: every account of the type, newest (or oldest) first.
  if (needle) switch (q.parameter) {
    case 'id': {
      const id = /^\d{1,10}$/.test(needle) ? Number(needle) : 0;
      conds.push(eq(users.id, id > 0 && id <= 2_147_483_647 ? id : 0));
      break;
    }
    case 'username':
    case 'originName': {
      const column = q.parameter === 'username' ? users.username : users.originName;
      const key = nameKey(needle);
      conds.push(sql`${foldedSql(column as never)} LIKE ${containsPattern(key)} ESCAPE '\\'`);
      exact = sql`lower(${column}) = ${needle.toLowerCase()}`;
      break;
    }
    case 'originPersonaId':
      conds.push(eq(users.originPersonaId, needle));
      break;
    case 'originEmail':
      conds.push(sql`lower(${users.originEmail}) LIKE ${containsPattern(needle.toLowerCase())} ESCAPE '\\'`);
      exact = sql`lower(${users.originEmail}) = ${needle.toLowerCase()}`;
      break;
  }
  if (q.type === 'admin') conds.push(sql.raw(STAFF_PREDICATE));
  if (q.type === 'bot') conds.push(sql`${users.privileges} ? 'bot'`);
  const where = and(...conds);
  const byId = q.order === 'asc' ? asc(users.id) : desc(users.id);
  const [rows, [count]] = await Promise.all([
    db.select().from(users).where(where).orderBy(...(exact ? [desc(exact), byId] : [byId])).limit(q.limit).offset(q.skip),
    db.select({ n: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}
