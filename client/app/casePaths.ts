/** The canonical address of a case: its persona id, which every bot and app links to. */
export const casePath = (personaId: string) => `/player/${personaId}`;

/** The address of a case known only by its database id: the dotted `..<dbId>` form. */
export const casePathOfId = (dbId: number) => `/player/..${dbId}`;

/**
 * The address of the case a notification is about: by its persona id, or by database id for
 * notifications recorded before they carried one; null when it is about no case.
 */
export const casePathOfNotice = ({ personaId, playerId }: { personaId?: string | null; playerId?: number | null }) =>
  personaId ? casePath(personaId) : playerId ? casePathOfId(playerId) : null;
