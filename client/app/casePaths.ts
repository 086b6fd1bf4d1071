/** The canonical address of a case: its persona id, which every bot and app links to. */
export const casePath = (personaId: string) => `/player/${personaId}`;

/** The address of a case known only by its database id (notifications carry no persona id): the dotted `..<dbId>` form. */
export const casePathOfId = (dbId: number) => `/player/..${dbId}`;
