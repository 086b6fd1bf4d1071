/**
 * The accounts the read bench signs in with: bots that reply in the write mix (they may skip the
 * captcha) and members whose timeline pages are answered as to a signed-in reader. Added to the
 * bench's database before the server starts; signed in through the API as the site's users are.
 */
import { openAnswer } from '@server/infra/captcha';
import { hashPassword } from '@server/modules/auth/passwords';

export const BOTS = 50;
export const MEMBERS = 100;
const PASSWORD = 'bench-password-0123456789';

const names = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`);
const botNames = names('bench-bot-', BOTS);
const memberNames = names('bench-member-', MEMBERS);

/** Adds (or renews the password of) the bench's bots and members through any runner of SQL text. */
export async function addBenchAccounts(run: (text: string) => Promise<unknown>) {
  const hash = await hashPassword(PASSWORD);
  const rows = [...botNames.map((n) => [n, '["bot"]']), ...memberNames.map((n) => [n, '["normal"]'])];
  await run(`INSERT INTO users (username, password_hash, privileges)
    VALUES ${rows.map(([n, p]) => `('${n}', '${hash}', '${p}'::jsonb)`).join(', ')}
    ON CONFLICT ((lower(username))) DO UPDATE SET password_hash = EXCLUDED.password_hash, privileges = EXCLUDED.privileges, valid = true`);
}

/** Each sign-in from an address of its own: the per-address limits are for people, not for this setup. */
let address = 0;
const nextAddress = () => `10.250.${Math.floor(++address / 250)}.${1 + (address % 250)}`;

async function post(url: string, path: string, body: unknown) {
  const res = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() }, body: JSON.stringify(body) });
  const json = (await res.json()) as { data?: { token?: string; hash?: string } };
  if (res.status !== 200) throw new Error(`POST ${path} answered ${res.status} ${JSON.stringify(json)}`);
  return json.data!;
}

async function signIn(url: string, secret: string, username: string, bot: boolean): Promise<string> {
  let captcha: Record<string, unknown> = { SKIP_CAPTCHA: true };
  if (!bot) {
    // A member answers the picture; the bench knows the server's secret, so it reads the answer from the challenge.
    const res = await fetch(`${url}/api/captcha`, { headers: { 'x-forwarded-for': nextAddress() } });
    const { data } = (await res.json()) as { data: { hash: string } };
    const answer = openAnswer(secret, data.hash);
    if (!answer) throw new Error('the captcha does not open with the bench secret');
    captcha = { captcha: { captchaType: 'svg', encryptCaptcha: data.hash, response: answer.text } };
  }
  const { token } = await post(url, '/api/user/signin', { data: { username, password: PASSWORD }, ...captcha });
  // Where a token is optional a refused one reads as a visitor: make sure this one is taken.
  const me = await fetch(`${url}/api/user/me`, { headers: { 'x-access-token': token!, 'x-forwarded-for': nextAddress() } });
  if (me.status !== 200) throw new Error(`${username}'s token is refused: ${me.status} ${await me.text()}`);
  return token!;
}

/** Tokens of every bench bot and member, signed in a few at a time (each sign-in checks an argon2id hash). */
export async function signInAccounts(url: string, secret: string): Promise<{ bots: string[]; members: string[] }> {
  const all = [...botNames.map((n) => [n, true] as const), ...memberNames.map((n) => [n, false] as const)];
  const tokens: string[] = [];
  for (let i = 0; i < all.length; i += 4) tokens.push(...(await Promise.all(all.slice(i, i + 4).map(([n, bot]) => signIn(url, secret, n, bot)))));
  return { bots: tokens.slice(0, BOTS), members: tokens.slice(BOTS) };
}
