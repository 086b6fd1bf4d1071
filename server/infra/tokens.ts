import { SignJWT, jwtVerify } from 'jose';
import { LRUCache } from 'lru-cache';
import { LIMITS } from '@shared/limits';
import type { TokenPayload } from '@shared/types/account';

export type { TokenPayload } from '@shared/types/account';

export interface TokenService {
  sign(payload: Omit<TokenPayload, 'signWhen' | 'expiresIn'> & { expiresIn?: number }): Promise<{ token: string; payload: TokenPayload }>;
  verify(token: string): Promise<TokenPayload | null>;
}

/** Database ids are 32-bit: claims outside that range would only fail in the query. */
const isRowId = (v: unknown) => Number.isSafeInteger(v) && (v as number) > 0 && (v as number) <= 2_147_483_647;

/** The claims the server reads from a token, each of the type it reads. */
function claimsOk(p: Record<string, unknown>): boolean {
  return isRowId(p.userId) && typeof p.signWhen === 'number' && Number.isFinite(p.signWhen) && (p.authId === undefined || isRowId(p.authId)) && (p.visitType === undefined || typeof p.visitType === 'string');
}

/** How many verified tokens a process remembers (a signed-in person's tab sends the same one all day). */
const VERIFIED_TOKENS_KEPT = 10_000;

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
  // A token's signature never changes its verdict: it is checked once per process, its expiry on every use.
  const verified = new LRUCache<string, { payload: TokenPayload; expiresAtS: number }>({ max: VERIFIED_TOKENS_KEPT });
  return {
    async sign(input) {
      const payload: TokenPayload = { ...input, signWhen: Date.now(), expiresIn: input.expiresIn ?? LIMITS.tokenTtlMs };
      const token = await new SignJWT({ ...payload })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt(Math.floor(payload.signWhen / 1000))
        .setExpirationTime(Math.floor((payload.signWhen + payload.expiresIn) / 1000))
        .sign(key);
      return { token, payload };
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) return known.expiresAtS > Math.floor(Date.now() / 1000) ? known.payload : null;
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (!claimsOk(payload)) return null;
        verified.set(token, { payload: payload as unknown as TokenPayload, expiresAtS: payload.exp ?? Infinity });
        return payload as unknown as TokenPayload;
      } catch {
        return null;
      }
    },
  };
}
