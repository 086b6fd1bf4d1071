import type { Zone } from './zone';

/** What every row mapper reads: the operator's zone, and the ids the batch's references found in our database. */
export interface MapContext {
  zone: Zone;
  /** Users that exist here (imported earlier). */
  users: ReadonlySet<number>;
  /** Cases that exist here, with the account each shows. */
  players: ReadonlyMap<number, { originUserId: string; originPersonaId: string; originName: string; games?: string[] }>;
  /** The first case of each persona id (`/player/<personaId>` finds that one). */
  playerByPersonaId: ReadonlyMap<string, number>;
  /** Cases by platform user id (name logs are keyed so). */
  playerByOriginUserId: ReadonlyMap<string, number>;
  /** Timeline entries that exist here: their case and type. */
  entries: ReadonlyMap<number, { playerId: number; type: string }>;
  /** Stored file names here (unique), with the file's id. */
  fileByName: ReadonlyMap<string, number>;
  /** Platform accounts already bound to a user here: user id by platform user id. */
  boundBy: ReadonlyMap<string, number>;
  /** users.introduction exists in this source (installations older than 2022-02). */
  hasIntroductionColumn: boolean;
}

export const emptyContext = (zone: Zone, hasIntroductionColumn = false): MapContext => ({
  zone,
  users: new Set(),
  players: new Map(),
  playerByPersonaId: new Map(),
  playerByOriginUserId: new Map(),
  entries: new Map(),
  fileByName: new Map(),
  boundBy: new Map(),
  hasIntroductionColumn,
});
