import type { SearchQuery } from '@shared/schemas/search';
import type { DbOrTx } from '@server/db/client';
import { presentEntries } from '@server/modules/timeline/queries';
import { searchPlayers } from './players';
import { searchUsers } from './users';
import { searchComments } from './comments';
import { presentCommentHit, presentPlayerHit, presentUserHit } from './presenter';

/** One page of hits of the query's type and the exact number of hits. */
export async function runSearch(db: DbOrTx, q: SearchQuery): Promise<{ data: unknown[]; total: number }> {
  switch (q.type) {
    case 'player': {
      const { rows, total } = await searchPlayers(db, q);
      return { data: rows.map((r) => presentPlayerHit(r.name, r.player)), total };
    }
    case 'user': {
      const { rows, total } = await searchUsers(db, q);
      return { data: rows.map(presentUserHit), total };
    }
    case 'comment': {
      const { rows, total } = await searchComments(db, q);
      return { data: (await presentEntries(db, rows)).map(presentCommentHit), total };
    }
  }
}
