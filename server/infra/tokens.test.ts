import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenService } from './tokens';

const claims = { userId: 7, username: 'tokens-test', userAvatar: '', privilege: ['normal'], visitType: 'websites' } as never;

describe('token verification', () => {
  afterEach(() => vi.useRealTimers());

  it('accepts its own token, again and again, with the same claims', async () => {
    const tokens = createTokenService('s'.repeat(48));
    const { token } = await tokens.sign(claims);
    const first = await tokens.verify(token);
    expect(first).toMatchObject({ userId: 7, visitType: 'websites' });
    expect(await tokens.verify(token)).toEqual(first);
  });

  it('refuses a token signed with another secret, or altered, even after the genuine one was verified', async () => {
    const tokens = createTokenService('s'.repeat(48));
    const other = createTokenService('o'.repeat(48));
    const { token } = await tokens.sign(claims);
    await tokens.verify(token);
    expect(await tokens.verify((await other.sign(claims)).token)).toBeNull();
    const [header, body, signature] = token.split('.') as [string, string, string];
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), userId: 1 })).toString('base64url');
    expect(await tokens.verify(`${header}.${forged}.${signature}`)).toBeNull();
    expect(await tokens.verify(`${token}x`)).toBeNull();
  });

  it('refuses a token once it has expired, also when it was verified before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const tokens = createTokenService('s'.repeat(48));
    const { token } = await tokens.sign({ ...(claims as object), expiresIn: 60_000 } as never);
    expect(await tokens.verify(token)).not.toBeNull();
    vi.setSystemTime(Date.now() + 59_000);
    expect(await tokens.verify(token)).not.toBeNull();
    vi.setSystemTime(Date.now() + 2_000);
    expect(await tokens.verify(token)).toBeNull();
    // A process that never saw it refuses it as well.
    expect(await createTokenService('s'.repeat(48)).verify(token)).toBeNull();
  });
});
