import type { DirectoryAccount } from '@server/platform/types';
import { collectEvents, joinRoom, type TestApp } from './harness';

export const EVIDENCE = { videoLink: 'https://www.youtube.com/watch?v=evidence', description: '<p>Tracks players through walls, see the video.</p>' };

/** POST /api/player/report as a bot (SKIP_CAPTCHA), for tests that need a case to exist. */
export function report(app: TestApp, token: string, account: Pick<DirectoryAccount, 'name'>, data: Record<string, unknown> = {}, extra: Record<string, unknown> = { SKIP_CAPTCHA: true }) {
  return app.request
    .post('/api/player/report')
    .set('x-access-token', token)
    .send({ data: { game: 'bf1', originName: account.name, cheatMethods: ['wallhack'], ...EVIDENCE, ...data }, ...extra });
}

/** A fresh platform account with a case opened by a bot; returns the case id. */
export async function openCase(app: TestApp, botToken: string, data: Record<string, unknown> = {}) {
  const account = app.directory.freshAccount();
  const res = await report(app, botToken, account, data);
  if (res.status !== 200) throw new Error(`report answered ${res.status} ${JSON.stringify(res.body)}`);
  return { account, dbId: res.body.data.dbId as number };
}

/** A case a bot just opened, and a visitor's socket in its room collecting what the room sends. */
export async function watchedCase(app: TestApp) {
  const { token } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
  const { dbId } = await openCase(app, token);
  const room = `case:${dbId}`;
  const socket = await app.socket();
  const events = collectEvents(socket);
  const joined = await joinRoom(socket, room);
  if (!joined.ok) throw new Error(`could not join ${room}: ${JSON.stringify(joined)}`);
  return { token, dbId, room, socket, events };
}
