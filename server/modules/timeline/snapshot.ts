import type { PlayerRow } from '@server/db/schema';

/** The fields every timeline entry keeps of its case: the id and the account as it is now. */
export const caseSnapshot = (c: Pick<PlayerRow, 'id' | 'originUserId' | 'originPersonaId' | 'originName'>) => ({
  playerId: c.id,
  toOriginUserId: c.originUserId,
  toOriginPersonaId: c.originPersonaId,
  toOriginName: c.originName,
});
