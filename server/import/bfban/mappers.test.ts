import { describe, expect, it } from 'vitest';
import { emptyContext, type MapContext } from './context';
import { mapPlayer } from './map-players';
import { mapComment } from './map-comments';
import { mapMessage } from './map-messages';
import { parseZone } from './zone';

const ctx = (): MapContext => {
  const c = emptyContext(parseZone('+08:00'));
  (c.users as Set<number>).add(1).add(2);
  (c.players as Map<number, { originUserId: string; originPersonaId: string; originName: string }>).set(5, { originUserId: '100', originPersonaId: '200', originName: 'Someone' });
  (c.playerByPersonaId as Map<string, number>).set('200', 5);
  return c;
};
const player = (extra: Record<string, unknown>) => ({ id: 5, originName: 'Someone', originUserId: '100', originPersonaId: '200', games: '["bfv"]', cheatMethods: '["aimbot"]', avatarLink: null, viewNum: 3, valid: 1, status: 1, createTime: '2024-01-01 08:00:00', updateTime: '2024-01-01 08:00:00', appealStatus: null, hackerLevel: null, ...extra });
const entry = (extra: Record<string, unknown>) => ({ id: 9, type: 'report', toPlayerId: 5, toOriginUserId: '100', toOriginPersonaId: '200', toOriginName: 'Someone', byUserId: 1, createTime: '2024-01-01 09:00:00', valid: 1, videoLink: null, content: '<p>x</p>', cheatGame: 'bfv', cheatMethods: '["aimbot"]', toCommentId: null, judgeAction: null, viewedAdmins: '[]', appealStatus: null, hackerLevel: null, ...extra });
const why = (issues: { column: string; why: string }[], column: string) => issues.filter((i) => i.column === column).map((i) => i.why);

describe('mapping values of the original', () => {
  it('sanitises private messages with the allowlist every content takes', () => {
    const m = mapMessage({ id: 1, byUserId: 1, toUserId: 2, type: 'direct', content: '<p>hi<script>alert(1)</script><img src=x onerror=alert(2)></p>', haveRead: 0, createTime: '2024-01-01 08:00:00' }, ctx());
    expect(m.row!.content).not.toMatch(/script|onerror/);
    expect(m.row!.content).toContain('hi');
    // The original's instructions to its own client stay as they were: no box shows them.
    const command = mapMessage({ id: 2, byUserId: 1, toUserId: 1, type: 'command', content: '{"action":"setComment","target":9}', haveRead: 0, createTime: '2024-01-01 08:00:00' }, ctx());
    expect(command.row!.content).toBe('{"action":"setComment","target":9}');
  });

  it('drops a video link that is not http(s), with a report line', () => {
    for (const link of ['javascript:alert(1)', 'data:text/html,x', 'ftp://x.example/v']) {
      const m = mapComment(entry({ videoLink: link }), ctx());
      expect(m.row!.video_link).toBeNull();
      expect(why(m.issues, 'videoLink')).toEqual(['not an http(s) link: left out']);
    }
    expect(mapComment(entry({ videoLink: 'https://www.youtube.com/watch?v=1' }), ctx()).row!.video_link).toBe('https://www.youtube.com/watch?v=1');
  });

  it("caps a view count above this site's int at its largest, with a report line", () => {
    const m = mapPlayer(player({ viewNum: '4294967295' }), ctx());
    expect(m.row!.view_num).toBe(2_147_483_647);
    expect(why(m.issues, 'viewNum')).toHaveLength(1);
    expect(mapPlayer(player({ viewNum: 12 }), ctx()).issues).toEqual([]);
  });

  it('reads a JSON string in a list column as a comma-separated list, mapped and checked as a list is', () => {
    const p = mapPlayer(player({ games: '"bfv"', cheatMethods: '"aimbot,wallhack, invisable"' }), ctx());
    expect(p.row).toMatchObject({ games: ['bfv'], cheat_methods: ['aimbot', 'wallhack', 'invisable'] });
    expect(why(p.issues, 'games')).toEqual(['a text, not a list: read as a comma-separated list']);
    expect(why(p.issues, 'cheatMethods')).toEqual(['a text, not a list: read as a comma-separated list']);
    const unknown = mapPlayer(player({ games: '"bfv,nosuchgame"' }), ctx());
    expect(unknown.row!.games).toEqual(['bfv']);
    expect(why(unknown.issues, 'games')).toContain('unknown games left out');
    const e = mapComment(entry({ cheatMethods: '"aimbot,wallhack"' }), ctx());
    expect(e.row!.cheat_methods).toEqual(['aimbot', 'wallhack']);
  });

  it('tells of a case whose persona id an earlier case has, and of a case hidden on the old site', () => {
    const second = mapPlayer(player({ id: 6, originUserId: '101' }), ctx());
    expect(second.row!.origin_persona_id).toBe('200');
    expect(why(second.issues, 'originPersonaId')).toEqual([expect.stringContaining('also the persona id of case #5')]);
    expect(mapPlayer(player({}), ctx()).issues).toEqual([]);
    const hidden = mapPlayer(player({ valid: 0 }), ctx());
    expect(hidden.row!.valid).toBe(false);
    expect(why(hidden.issues, 'valid')).toEqual([expect.stringContaining('hidden on the old site')]);
  });
});
