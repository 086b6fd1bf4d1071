import { SignJWT, jwtVerify } from 'jose';
import { LIMITS } from '@shared/limits';
import type { TokenPayload } from '@shared/types/account';

export type { TokenPayload } from '@shared/types/account';

export interface TokenService {
  sign(payload: Omit<TokenPayload, 'signWhen' | 'expiresIn'> & { expiresIn?: number }): Promise<{ token: string; payload: TokenPayload }>;
  verify(token: string): Promise<TokenPayload | null>;
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
        if (typeof payload.userId !== 'number' || typeof payload.signWhen !== 'number') return null;
        return payload as unknown as TokenPayload;
      } catch {
        return null;
      }
    },
  };
}
