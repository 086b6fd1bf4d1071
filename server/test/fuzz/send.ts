import http from 'node:http';
import { SignJWT } from 'jose';
import { isErrorCode } from '@shared/errors';
import type { Actors } from './actors';
import type { HttpCase, TokenStyle } from './http-cases';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

export interface Outcome {
  /** Null when no answer came (the connection was cut, or the time ran out). */
  answer: Answer | null;
  /** Why the answer breaks the rules, or null. */
  problem: string | null;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
let ipCounter = 0;
/** Each request from its own client address (the targets trust loopback proxies): per-IP limits do not end a run early. */
const nextIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

const sign = (payload: Record<string, unknown>, secret: string, exp: number) =>
  new SignJWT(payload)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(Math.floor(Date.now() / 1000) - 10)
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(secret));

/** The x-access-token header(s) a token style sends. */
async function tokenHeader(style: TokenStyle, token: string | undefined, secret: string, userId: number | undefined): Promise<string | string[] | undefined> {
  const now = Math.floor(Date.now() / 1000);
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  switch (style) {
    case 'role':
      return token;
    case 'garbage':
      return ['x', 'null', 'Bearer abc', 'a.b.c', '...', 'ey'.repeat(2000), '%00', '\u00e9t\u00e9'][((userId ?? 0) + ipCounter) % 8];
    case 'algNone':
      return `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ userId: userId ?? 1, signWhen: Date.now(), privilege: ['root'] })}.`;
    case 'otherSecret':
      return sign({ userId: userId ?? 1, signWhen: Date.now(), privilege: ['root'], visitType: 'websites' }, 'not-the-secret-at-all-0123456789', now + 60);
    case 'oddPayload': {
      const odd = [{ userId: String(userId ?? 1), signWhen: Date.now() }, { userId: userId ?? 1, signWhen: 'now' }, { userId: -1, signWhen: Date.now() }, { userId: 2 ** 53, signWhen: Date.now() }, { userId: userId ?? 1, signWhen: Date.now(), visitType: 'external-auth', authId: 'x' }, { userId: 1.5, signWhen: 0 }, { userId: userId ?? 1, signWhen: Date.now(), visitType: { a: 1 }, privilege: 'root' }];
      return sign(odd[ipCounter % odd.length]!, secret, now + 60);
    }
    case 'expired':
      return sign({ userId: userId ?? 1, signWhen: Date.now() - 3_600_000, visitType: 'websites' }, secret, now - 60);
    case 'noSuchUser':
      return sign({ userId: 2_147_483_000, signWhen: Date.now(), visitType: 'websites', privilege: ['root'] }, secret, now + 60);
    case 'twoHeaders':
      return token ? [token, 'second'] : ['a', 'b'];
  }
}

/** Sends one case; the answer, or null when the connection ended without one. */
export async function sendCase(baseUrl: string, c: HttpCase, actors: Actors, secret: string, timeoutMs = 20_000): Promise<Answer | null> {
  const token = await tokenHeader(c.token, actors.tokenOf(c.role), secret, actors.idOf(c.role));
  const body = c.body ? (c.body.base64 !== undefined ? Buffer.from(c.body.base64, 'base64') : Buffer.from(c.body.text ?? '', 'utf8')) : null;
  const headers: http.OutgoingHttpHeaders = { 'x-forwarded-for': nextIp(), ...c.headers };
  if (token !== undefined) headers['x-access-token'] = token;
  if (c.body?.contentType) headers['content-type'] = c.body.contentType;
  if (body) headers['content-length'] = body.length;
  const url = new URL(c.path, baseUrl);
  return new Promise((resolve) => {
    let settled = false;
    const done = (a: Answer | null) => {
      if (settled) return;
      settled = true;
      resolve(a);
    };
    let req: http.ClientRequest;
    try {
      req = http.request(url, { method: c.method.toUpperCase(), headers, agent, timeout: timeoutMs }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', () => done(null));
      });
    } catch (e) {
      // Node refuses to send some header values (control characters): the client could not either.
      return done({ status: 0, headers: {}, text: `client refused: ${(e as Error).message}` });
    }
    req.on('timeout', () => {
      req.destroy(new Error('timeout'));
      done({ status: -1, headers: {}, text: 'no answer in time' });
    });
    req.on('error', () => done(null));
    if (body) req.end(body);
    else req.end();
  });
}

/** What is wrong with an answer: a 5xx, a refusal outside the envelope or the catalogue, a success outside its envelope. */
export function judge(c: HttpCase, answer: Answer | null): string | null {
  if (!answer) return c.mayReset ? null : 'the connection ended without an answer';
  if (answer.status === 0) return null;
  if (answer.status === -1) return 'no answer within the time limit';
  // A conditional GET (If-None-Match: *) of a success: "not modified", without a body, as HTTP has it.
  if (answer.status === 304) return c.method === 'get' ? null : 'a 304 to a write';
  if (answer.status >= 500) return `status ${answer.status}: ${answer.text.slice(0, 300)}`;
  const isJson = /^application\/json/.test(String(answer.headers['content-type'] ?? ''));
  if (answer.status >= 200 && answer.status < 300) {
    if (!isJson) return null;
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      return `a ${answer.status} whose JSON does not parse`;
    }
    if (c.bareArray && Array.isArray(body)) return null;
    const b = body as { success?: unknown; code?: unknown };
    return b && b.success === 1 && typeof b.code === 'string' ? null : `a ${answer.status} outside the success envelope: ${answer.text.slice(0, 200)}`;
  }
  if (!isJson) return `a ${answer.status} that is not JSON (${answer.headers['content-type']}): ${answer.text.slice(0, 200)}`;
  let body: { error?: unknown; code?: unknown };
  try {
    body = JSON.parse(answer.text);
  } catch {
    return `a ${answer.status} whose JSON does not parse`;
  }
  if (body?.error !== 1 || typeof body.code !== 'string') return `a ${answer.status} outside the error envelope: ${answer.text.slice(0, 200)}`;
  if (!isErrorCode(body.code)) return `a ${answer.status} with code ${body.code}, not in the catalogue`;
  if (answer.status < 400) return `a refusal with status ${answer.status}`;
  return null;
}
