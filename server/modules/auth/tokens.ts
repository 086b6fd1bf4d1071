import { SignJWT, jwtVerify } from 'jose';
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

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
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
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        return claimsOk(payload) ? (payload as unknown as TokenPayload) : null;
      } catch {
        return null;
      }
    },
  };
}
