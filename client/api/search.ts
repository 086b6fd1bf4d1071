import type { SearchType } from '@shared/schemas/search';
import type { CommentHit } from '@shared/types/cases';
import { api } from './client';

/** GET /search: one page of players, users or comments, with the exact total. */

export interface PlayerHit {
  /** The name that matched (current or past). */
  historyName: string;
  originName: string;
  dbId: number;
  originPersonaId: string;
  avatarLink: string | null;
  status: number;
  games: string[];
  viewNum: number;
  commentsNum: number;
  createTime: string;
  updateTime: string;
}

export interface UserHit {
  username: string;
  dbId: number;
  userAvatar: string;
  joinTime: string;
  privilege: string[];
}

export interface SearchHits {
  player: PlayerHit;
  user: UserHit;
  comment: CommentHit;
}

export interface SearchQuery<T extends SearchType> {
  type: T;
  param: string;
  sort?: string;
  skip?: number;
  limit?: number;
}

export const search = <T extends SearchType>(query: SearchQuery<T>, signal?: AbortSignal) =>
  api.getList<SearchHits[T]>('/search', { ...query }, { signal });
