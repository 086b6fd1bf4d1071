import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { createTestApp, nextEvent, TEST_SECRET, type TestApp } from '@server/test/harness';
import { isErrorCode } from '@shared/errors';
import { roomOf, type RoomEvent } from '@shared/socket';
import { capturingLogger, createActors, seedFixtures, type Actors, type Fixtures, type FuzzTarget } from './engine';
import { ROLE_NAMES } from './actors';
import { handshakeAuthArb, socketCaseArb } from './socket-cases';
import { connect, judgeAck, runSocketCase, SocketPool } from './socket-run';
import { CI_SEED, CI_SOCKET_RUNS, watchProcess } from './ci';

/**
 * Property-based fuzzing of the realtime protocol (fixed seed): every client event with payloads
 * from its schema and broken ones, unknown events, binary and oversize payloads, raw packets,
 * handshakes with every wrong token. The server answers its own events (an error ack at worst),
 * ignores the rest, ends only the offending connection, and the others go on receiving events.
 */
let app: TestApp;
let target: FuzzTarget;
let actors: Actors;
let fixtures: Fixtures;
let pool: SocketPool;
let watcher: Socket;
let staffWatcher: Socket;
const watch = watchProcess();

async function opened(auth: Record<string, unknown>): Promise<Socket> {
  const made = await connect(app.url, auth);
  if (!('socket' in made)) throw new Error(made.refused);
  return made.socket;
}

beforeAll(async () => {
  const logs = capturingLogger();
  app = await createTestApp({ log: logs.log });
  target = { url: app.url, services: app.services, secret: TEST_SECRET, freshAccount: () => app.directory.freshAccount(), errorLogs: logs.lines };
  actors = await createActors(target.services, target.freshAccount);
  fixtures = await seedFixtures(target, actors);
  pool = new SocketPool(app.url, actors);
  // Bystanders: a visitor on a case page and the home feed, an admin in the staff room.
  watcher = await opened({});
  staffWatcher = await opened({ token: actors.tokenOf('admin') });
  const caseRoom = roomOf.case(fixtures.cases[0]!.dbId);
  expect(judgeAck('room:join', await watcher.emitWithAck('room:join', { room: caseRoom }))).toBeNull();
  expect(await watcher.emitWithAck('room:join', { room: 'all' })).toMatchObject({ ok: true });
  expect(await staffWatcher.emitWithAck('room:join', { room: 'staff' })).toMatchObject({ ok: true });
  expect(await staffWatcher.emitWithAck('room:join', { room: caseRoom })).toMatchObject({ ok: true });
});
afterAll(async () => {
  watch.stop();
  pool?.close();
  watcher?.disconnect();
  staffWatcher?.disconnect();
  await app?.close();
});

const rooms = () => {
  const ids = ROLE_NAMES.map((r) => actors.idOf(r)).filter((id): id is number => id !== undefined);
  return [...fixtures.cases.map((c) => roomOf.case(c.dbId)), ...ids.map((id) => roomOf.user(id)), roomOf.chat(ids[0]!, ids[1]!), 'staff', 'all'];
};

describe('the realtime protocol under fuzzing', () => {
  it('answers or ignores every client event, and never drops a bystander', async () => {
    const kinds = new Map<string, number>();
    const history: string[] = [];
    await fc.assert(
      fc.asyncProperty(socketCaseArb(ROLE_NAMES, rooms()), async (c) => {
        kinds.set(c.kind, (kinds.get(c.kind) ?? 0) + 1);
        const problem = await runSocketCase(pool, c);
        history.push(`${c.role} ${c.kind} ${c.event} ${(c.raw ?? JSON.stringify(c.args)).slice(0, 80)}`);
        if (problem) throw new Error(`${problem}; before: ${history.slice(-4, -1).join(' | ')}; this role before: ${history.slice(0, -1).filter((h) => h.startsWith(`${c.role} `)).slice(-2).join(' | ')}`);
        if (!watcher.connected || !staffWatcher.connected) throw new Error(`a bystander was disconnected after ${c.kind} ${c.event}`);
      }),
      { seed: CI_SEED, numRuns: CI_SOCKET_RUNS },
    );
    expect([...kinds.keys()].sort()).toEqual(['binary', 'extraArgs', 'mutated', 'noAck', 'oversize', 'raw', 'unknownEvent', 'valid']);
  }, 120_000);

  it('connects a handshake with any token as a visitor or refuses it with a catalogue code', async () => {
    await fc.assert(
      fc.asyncProperty(handshakeAuthArb, async (auth) => {
        const made = await connect(app.url, auth);
        if ('socket' in made) {
          made.socket.disconnect();
          return;
        }
        if (!isErrorCode(made.refused)) throw new Error(`handshake refused with "${made.refused}"`);
      }),
      { seed: CI_SEED, numRuns: 40 },
    );
  }, 60_000);

  it('still delivers live events to the bystanders, and the server stayed quiet', async () => {
    const { dbId } = fixtures.cases[0]!;
    const got = nextEvent(watcher, (ev) => ev.name === 'timeline.added', 10_000);
    const staffGot = nextEvent(staffWatcher, (ev) => ev.name === 'timeline.added', 10_000);
    const res = await fetch(`${app.url}/api/player/reply`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-access-token': actors.tokenOf('bot')! },
      body: JSON.stringify({ data: { toPlayerId: dbId, content: '<p>after the storm</p>' }, SKIP_CAPTCHA: true }),
    });
    expect(res.status).toBe(200);
    expect((await got).room).toBe(roomOf.case(dbId));
    expect((await staffGot).room).toBe(roomOf.case(dbId));
    expect(target.errorLogs.map((l) => `${l.msg}: ${l.err?.message ?? ''}`)).toEqual([]);
    expect(watch.problems()).toEqual([]);
  });
});
