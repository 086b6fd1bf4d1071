import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import type { JudgeAction } from '@shared/judgement';
import type { RoomEvent } from '@shared/socket';
import type { CaseRecord, VoteTally } from '@shared/types/cases';
import { players, timeline } from '@server/db/schema';
import { lastSeqOf } from '@server/db/outbox';
import { collectEvents, createTestApp, joinRoom, type ClientSocket, type TestApp } from '@server/test/harness';
import { expectOk } from '@server/test/expect';
import { openCase } from '@server/test/cases';
import { replayVotes } from '@server/test/vote-replay';
import { RoomCursor } from '@client/realtime/roomCursor';

let app: TestApp;
let bot: string;
beforeAll(async () => {
  app = await createTestApp();
  ({ token: bot } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true }));
});
afterAll(() => app?.close());

const STAFF = 10;
const WATCHERS = 20;
/** Each vote sends the new entry, the case and the tally. */
const EVENTS_PER_VOTE = 3;

/** Resolves once every list holds an event of sequence `seq` (or later); rejects after `ms`. */
async function untilSeen(lists: RoomEvent[][], seq: number, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!lists.every((l) => l.some((e) => e.seq >= seq))) {
    if (Date.now() > deadline) throw new Error(`not every watcher reached seq ${seq}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** What a page ends on after applying the room's events in order. */
function finalView(events: RoomEvent[]) {
  let status: number | undefined;
  let voters: number[] | undefined;
  for (const e of [...events].sort((a, b) => a.seq - b.seq)) {
    if (e.name === 'case.updated') status = (e.payload as { case: CaseRecord }).case.status;
    if (e.name === 'case.votes') voters = (e.payload as VoteTally).voters.map((v) => v.id);
  }
  return { status, voters };
}

describe('ten staff voting at once while twenty visitors watch the case', () => {
  it('every watcher gets every event once, in sequence, and ends on the tally and status the database holds', async () => {
    const staff = await Promise.all(Array.from({ length: STAFF }, () => app.factories.signedIn({ privileges: ['admin'] })));
    const watchers: ClientSocket[] = await Promise.all(Array.from({ length: WATCHERS }, () => app.socket()));
    try {
      for (const mix of [['guilt'], ['guilt', 'discuss', 'guilt']] as JudgeAction[][]) {
        const { dbId } = await openCase(app, bot);
        await app.services.db.update(players).set({ status: 6 }).where(eq(players.id, dbId));
        const room = `case:${dbId}`;
        const seen = watchers.map(collectEvents);
        const joined = await Promise.all(watchers.map((w) => joinRoom(w, room)));
        const start = joined.map((j) => (j.ok ? j.lastSeq : NaN));

        const answers = await Promise.all(
          staff.map((s, i) =>
            app.request
              .post('/api/player/judgement')
              .set('x-access-token', s.token)
              .send({ data: { toPlayerId: dbId, action: mix[i % mix.length], content: `<p>Watched vote ${i}: the footage shows it plainly, round after round.</p>`, cheatMethods: ['aimbot'] } }),
          ),
        );
        for (const a of answers) expectOk(a, 'judgement.success');

        const last = await lastSeqOf(app.services.db, room);
        await untilSeen(seen, last);
        const votes = await app.services.db
          .select({ action: timeline.judgeAction, byUserId: timeline.byUserId })
          .from(timeline)
          .where(and(eq(timeline.playerId, dbId), eq(timeline.type, 'judgement')))
          .orderBy(asc(timeline.id));
        expect(votes).toHaveLength(STAFF);
        const expected = replayVotes(6, votes);
        const [row] = await app.services.db.select({ status: players.status }).from(players).where(eq(players.id, dbId));
        expect(row!.status).toBe(expected.status);
        const tally = await app.request.get(`/api/player/votes?dbId=${dbId}`);
        expect(tally.body.data.voters.map((v: { id: number }) => v.id)).toEqual(expected.voters);

        seen.forEach((events, w) => {
          // Through Redis, a live copy of an event committed before the join (opening the case) may
          // still reach the socket after it: the client's cursor drops it by its number
          // (docs/architecture.md, "Join, then read"). What comes after the join comes once.
          const cursor = new RoomCursor<(typeof events)[number]>(start[w]!);
          const inRoom = events.filter((e) => e.room === room).flatMap((e) => cursor.receive(e));
          const after = events.filter((e) => e.room === room && e.seq > start[w]!);
          // No gap, no repeat: exactly the sequence numbers after the join, each once.
          expect(after.map((e) => e.seq)).toEqual(Array.from({ length: STAFF * EVENTS_PER_VOTE }, (_, k) => start[w]! + 1 + k));
          expect(inRoom).toEqual(after);
          expect(start[w]! + STAFF * EVENTS_PER_VOTE).toBe(last);
          expect(finalView(inRoom)).toEqual({ status: expected.status, voters: expected.voters });
        });
        for (const w of watchers) {
          w.removeAllListeners('room:event');
          w.removeAllListeners('room:events');
        }
        await Promise.all(watchers.map((w) => w.timeout(5_000).emitWithAck('room:leave', { room })));
      }
    } finally {
      for (const w of watchers) w.disconnect();
    }
  });
});
