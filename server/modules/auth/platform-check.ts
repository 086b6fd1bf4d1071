import type { Services } from '@server/core/services';
import { PlatformError } from '@server/platform/client';
import { AppError } from '@server/app-error';
import type { ErrorCode } from '@shared/errors';
import type { PlatformIdentity } from '@server/platform/types';

/** Names of owned games that count as "a game of the series". */
const ownsSeriesGame = (games: string[] | null) => !!games?.some((g) => /battlefield/i.test(g));

interface Codes {
  notFound: ErrorCode;
  mismatch: ErrorCode;
  noGame: ErrorCode;
  error: ErrorCode;
}

/**
 * Resolves a platform account from its e-mail and checks that it is the named account and owns a
 * game of the series (the site is for Battlefield players). Lookups go to the platform directory over HTTP.
 */
export async function resolvePlatformAccount(services: Services, email: string, name: string, codes: Codes): Promise<PlatformIdentity> {
  try {
    const userId = await services.platform.searchUserByEmail(email);
    if (!userId) throw new AppError(codes.notFound, 'no platform account with this e-mail, or its e-mail search is off');
    const info = await services.platform.userInfo({ userId });
    if (!info) throw new AppError(codes.notFound);
    if (info.username.toLowerCase() !== name.toLowerCase()) throw new AppError(codes.mismatch, 'the e-mail belongs to another platform account name');
    if (!ownsSeriesGame(await services.platform.userGames(userId))) throw new AppError(codes.noGame);
    return info;
  } catch (e) {
    if (e instanceof PlatformError) {
      services.log.warn({ err: e }, 'platform directory lookup failed');
      throw new AppError(codes.error, 'the platform directory is unavailable, try again later');
    }
    throw e;
  }
}
