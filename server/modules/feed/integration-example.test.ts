import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@server/test/harness';
import { expectOk } from '@server/test/expect';
import { openCase } from '@server/test/cases';

/** The example of docs/integrations.md, run as written against a real server (its address and its timer aside). */
const example = /```js\n([\s\S]*?)```/.exec(fs.readFileSync('docs/integrations.md', 'utf8'))![1]!;

let app: TestApp;
let bot: string;
let superToken: string;
beforeAll(async () => {
  app = await createTestApp();
  ({ token: bot } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true }));
  ({ token: superToken } = await app.factories.signedIn({ privileges: ['super'] }));
});
afterAll(() => app?.close());

const judge = async (dbId: number, action: 'kill' | 'innocent') =>
  expectOk(
    await app.request
      .post('/api/player/judgement')
      .set('x-access-token', superToken)
      .send({ data: { toPlayerId: dbId, action, content: `<p>${crypto.randomUUID()} ${crypto.randomUUID()}</p>`, ...(action === 'kill' ? { cheatMethods: ['aimbot'] } : {}) } }),
    'judgement.success',
  );

/** The relay numbers the feed's changes right after commit: the tool polls once it did. */
const numbered = () => app.server.realtime.settled();

interface Tool {
  seed(): Promise<void>;
  poll(): Promise<void>;
  confirmed: Map<string, string>;
}

describe('the example of docs/integrations.md', () => {
  it('seeds from the export, kicks a case once confirmed, drops one cleared, and polls idle with 304s', async () => {
    const start = example.indexOf('await seed();');
    expect(start).toBeGreaterThan(0);
    const body = `${example.slice(0, start).replace("'https://tribunal.example/api'", JSON.stringify(`${app.url}/api`))}\nreturn { seed, poll, confirmed };`;
    const kicked: string[] = [];
    const statuses: number[] = [];
    const counted = async (input: string, init?: RequestInit) => {
      const res = await fetch(input, init);
      statuses.push(res.status);
      return res;
    };
    const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (...args: string[]) => (...a: unknown[]) => Promise<Tool>;
    const tool = await new AsyncFunction('console', 'fetch', body)({ log: (line: string) => kicked.push(line), error: () => undefined }, counted);

    const before = await openCase(app, bot);
    await judge(before.dbId, 'kill');
    await numbered();
    await tool.seed();
    expect(tool.confirmed.get(before.account.personaId)).toBe(before.account.name);

    const later = await openCase(app, bot);
    await judge(later.dbId, 'kill');
    await numbered();
    await tool.poll();
    expect(kicked).toEqual([`kick ${later.account.name} (${later.account.personaId})`]);
    await judge(before.dbId, 'innocent');
    await numbered();
    await tool.poll();
    expect(tool.confirmed.has(before.account.personaId)).toBe(false);
    expect(tool.confirmed.has(later.account.personaId)).toBe(true);

    statuses.length = 0;
    // The first poll from the new cursor learns its ETag (an empty page); idle polls then get 304s.
    for (let i = 0; i < 3; i++) await tool.poll();
    expect(statuses).toEqual([200, 304, 304]);
    expect(kicked).toHaveLength(1);
  });
});
