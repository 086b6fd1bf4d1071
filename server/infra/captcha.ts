import crypto from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import { LIMITS } from '@shared/limits';
import type { CaptchaFields } from '@shared/schemas/captcha';
import type { KeyStore } from '@server/infra/store';
import { AppError } from '@server/app-error';

export interface CaptchaChallenge {
  hash: string;
  content: string;
}

export interface CaptchaService {
  create(): CaptchaChallenge;
  /** Throws captcha.bad / captcha.expired / captcha.wrong; every hash is usable once. */
  check(fields: CaptchaFields, opts?: { skipAllowed?: boolean; ip?: string }): Promise<void>;
  /** Whether the request asks to skip the captcha. */
  wantsSkip(fields: CaptchaFields): boolean;
}

interface Options {
  secret: string;
  store: KeyStore;
  turnstile?: { secret: string; verifyUrl: string };
  now?: () => number;
}

function keyFor(secret: string) {
  return crypto.createHash('sha256').update(`captcha:${secret}`).digest();
}

/** The stateless part: the answer and its time, sealed with the server secret. */
export function sealAnswer(secret: string, text: string, at: number): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', keyFor(secret), iv);
  const body = Buffer.concat([cipher.update(`${text.toLowerCase()},${at}`, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

export function openAnswer(secret: string, hash: string): { text: string; at: number } | null {
  try {
    const raw = Buffer.from(hash, 'base64url');
    if (raw.length < 29) return null;
    const decipher = crypto.createDecipheriv('aes-256-gcm', keyFor(secret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const plain = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    const [text, at] = plain.split(',');
    if (!text || !at) return null;
    return { text, at: Number(at) };
  } catch {
    return null;
  }
}

export function createCaptchaService({ secret, store, turnstile, now = Date.now }: Options): CaptchaService {
  const wantsSkip = (f: CaptchaFields) => f.SKIP_CAPTCHA === true || f.SKIP_CAPTCHA === 'true';

  async function checkTurnstile(response: string, ip?: string) {
    if (!turnstile) throw new AppError('captcha.bad', 'turnstile is not configured');
    const form = new URLSearchParams({ secret: turnstile.secret, response });
    if (ip) form.set('remoteip', ip);
    let result: { success?: boolean; 'error-codes'?: string[] };
    try {
      const res = await fetch(turnstile.verifyUrl, { method: 'POST', body: form, signal: AbortSignal.timeout(10_000) });
      result = (await res.json()) as typeof result;
    } catch {
      throw new AppError('captcha.error');
    }
    if (!result.success) {
      const expired = result['error-codes']?.some((c) => c.includes('timeout') || c.includes('duplicate'));
      throw new AppError(expired ? 'captcha.expired' : 'captcha.wrong');
    }
  }

  return {
    wantsSkip,
    create() {
      const c = svgCaptcha.create({ size: LIMITS.captchaLength, ignoreChars: '0oO1iIlL', noise: 2, color: true });
      return { hash: sealAnswer(secret, c.text, now()), content: c.data };
    },
    async check(fields, opts = {}) {
      if (wantsSkip(fields) && opts.skipAllowed) return;
      const c = fields.captcha;
      if (c && typeof c === 'object' && c.captchaType === 'turnstile') return checkTurnstile(c.response, opts.ip);
      const hash = typeof c === 'object' ? c.encryptCaptcha : fields.encryptCaptcha;
      const answer = typeof c === 'object' ? c.response : c;
      if (!hash || !answer) throw new AppError('captcha.bad', 'captcha required');
      const sealed = openAnswer(secret, hash);
      if (!sealed) throw new AppError('captcha.bad', 'unknown captcha');
      if (now() - sealed.at > LIMITS.captchaTtlMs) throw new AppError('captcha.expired');
      // Every attempt uses the challenge up, right or wrong: no guessing the same picture twice.
      if (!(await store.setOnce(`captcha:${hash}`, LIMITS.captchaTtlMs))) throw new AppError('captcha.expired');
      if (sealed.text !== answer.toLowerCase()) throw new AppError('captcha.wrong');
    },
  };
}
