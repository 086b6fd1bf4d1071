/**
 * A Tribunal node for the one-node live scenarios (S2, S4, S5, S9), as a site runs it: bundled and
 * started by bench/live/hosts.ts with the deployment's node flags. Besides serving, it answers what
 * the bench needs from inside: bench accounts and cases made straight in the database, and the
 * database's view of a run. Its environment is the server's configuration (loadConfig).
 */
import { and, asc, count, eq } from 'drizzle-orm';
import { loadConfig } from '@server/config';
import { startServer } from '@server/server';
import { messages, players, timeline, users } from '@server/db/schema';
import { toAuthedUser } from '@server/core/authed-user';
import { fileReport } from '@server/modules/reports/report';
import { lastSeqOf } from '@server/db/outbox';
import { commonOps, serveCalls } from './host-ipc';

const server = await startServer(loadConfig());
const { services } = server;

/** A signed token for an account made straight in the database (no sign-in round trip). */
async function account(username: string, privileges: string[], attr: Record<string, unknown> = {}, visitType = 'websites') {
  const [row] = await services.db.insert(users).values({ username, passwordHash: 'x', privileges, attr: attr as never }).returning();
  const claims = { userId: row!.id, username: row!.username, userAvatar: '', privilege: row!.privileges, visitType, expiresIn: 3_600_000 };
  const { token } = await services.tokens.sign(claims as never);
  return { id: row!.id, username: row!.username, token, row: row!, claims };
}

/** The bot that files the bench's cases, made on first use (S9's kept dataset gets none). */
let bot: ReturnType<typeof makeBot> | undefined;
async function makeBot() {
  const made = await account('bench-live-bot', ['bot'], {}, 'bot');
  return { token: made.token, reporter: toAuthedUser(made.row, { ...made.claims, signWhen: Date.now() } as never) };
}
const botOf = () => (bot ??= makeBot());

let suspects = 0;
/** Files one more case (a new suspect each time) as the bot; its database id. */
async function openCase(): Promise<number> {
  suspects++;
  const { dbId } = await fileReport(
    services,
    (await botOf()).reporter,
    { userId: String(900000000 + suspects), personaId: String(800000000 + suspects), username: `BenchLiveSuspect${suspects}`, avatar: null },
    { game: 'bf1', cheatMethods: ['aimbot'], videoLink: '', description: '<p>Snaps to heads through smoke, every round, on every map.</p>' } as never,
    'report',
  );
  return dbId as number;
}

const ops = {
  ...commonOps(() => server.realtime.io.engine.clientsCount, () => server.close()),
  account: async (username: string, privileges: string[], attr: Record<string, unknown> = {}) => {
    const { id, token } = await account(username, privileges, attr);
    return { id, username, token };
  },
  botToken: async () => (await botOf()).token,
  openCase,
  setStatus: async (dbId: number, status: number) => void (await services.db.update(players).set({ status }).where(eq(players.id, dbId))),
  caseStatus: async (dbId: number) => (await services.db.select({ status: players.status }).from(players).where(eq(players.id, dbId)))[0]?.status ?? null,
  /** The judgements of a case in the order the server committed them. */
  votes: (dbId: number) =>
    services.db
      .select({ action: timeline.judgeAction, byUserId: timeline.byUserId })
      .from(timeline)
      .where(and(eq(timeline.playerId, dbId), eq(timeline.type, 'judgement')))
      .orderBy(asc(timeline.id)),
  lastSeq: (room: string) => lastSeqOf(services.db, room),
  messageCount: async () => (await services.db.select({ n: count() }).from(messages))[0]!.n,
};
export type TribunalOps = typeof ops;

serveCalls(ops, { url: server.url });
