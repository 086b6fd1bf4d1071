import { describe, expect, it } from 'vitest';
import { applyRoleChange, decideRoleChange, MANAGED_ROLES, rankOf, roleToggles, type RoleAction } from './roles';

const CALLERS = [['normal'], ['admin'], ['super'], ['dev'], ['root'], ['super', 'dev'], ['bot']];
const TARGETS = [['normal'], ['volunteer', 'normal'], ['bot'], ['admin'], ['super'], ['dev'], ['root'], ['blacklisted'], ['freezed'], ['normal', 'freezed']];
const ACTIONS: RoleAction[] = ['grant', 'revoke'];

/** One line per cell: caller | target | action role -> refusal or the resulting roles. */
function matrix(): string {
  const lines = ['# caller | target | action role => result (reviewed: any change here is a change of who may do what)'];
  for (const caller of CALLERS)
    for (const target of TARGETS)
      for (const action of ACTIONS)
        for (const role of MANAGED_ROLES) {
          const d = decideRoleChange({ id: 1, privileges: caller }, { id: 2, privileges: target }, action, role);
          lines.push(`${caller.join('+')} | ${target.join('+')} | ${action} ${role} => ${d.ok ? `[${d.roles.join(',')}]` : `refused:${d.reason}`}`);
        }
  return lines.join('\n') + '\n';
}

describe('setUserRole rules', () => {
  it('every caller role × target role × role × grant/revoke matches the reviewed table', async () => {
    await expect(matrix()).toMatchFileSnapshot('./__snapshots__/role-matrix.txt');
  });

  it('ranks root over super and dev (peers) over admin over everyone else', () => {
    expect([['root'], ['super'], ['dev'], ['admin'], ['normal'], ['bot'], ['blacklisted']].map(rankOf)).toEqual([4, 3, 3, 2, 1, 1, 1]);
    // The original let a dev blacklist root; peers cannot touch each other.
    expect(decideRoleChange({ id: 1, privileges: ['dev'] }, { id: 2, privileges: ['root'] }, 'grant', 'blacklisted')).toEqual({ ok: false, reason: 'rank' });
    expect(decideRoleChange({ id: 1, privileges: ['super'] }, { id: 2, privileges: ['dev'] }, 'grant', 'blacklisted')).toEqual({ ok: false, reason: 'rank' });
    expect(decideRoleChange({ id: 1, privileges: ['dev'] }, { id: 2, privileges: ['super'] }, 'grant', 'freezed')).toEqual({ ok: false, reason: 'rank' });
    expect(decideRoleChange({ id: 1, privileges: ['super'] }, { id: 2, privileges: ['super'] }, 'revoke', 'super')).toEqual({ ok: false, reason: 'rank' });
  });

  it('nobody changes their own roles, root included', () => {
    expect(decideRoleChange({ id: 7, privileges: ['root'] }, { id: 7, privileges: ['root'] }, 'grant', 'dev')).toEqual({ ok: false, reason: 'self' });
  });

  it('applies the reference side effects', () => {
    expect(applyRoleChange(['normal', 'admin'], 'grant', 'blacklisted')).toEqual(['blacklisted']);
    expect(applyRoleChange(['normal', 'freezed'], 'grant', 'volunteer')).toEqual(['normal', 'volunteer']);
    expect(applyRoleChange(['blacklisted'], 'grant', 'normal')).toEqual(['normal']);
    expect(applyRoleChange(['normal'], 'grant', 'admin')).toEqual(['admin']);
    expect(applyRoleChange(['admin'], 'revoke', 'admin')).toEqual(['normal']);
  });

  it('offers a super only the toggles the server would accept', () => {
    const toggles = roleToggles({ id: 1, privileges: ['super'] }, { id: 2, privileges: ['normal'] });
    expect(toggles.filter((t) => t.allowed).map((t) => `${t.action} ${t.role}`)).toEqual(['revoke normal', 'grant admin', 'grant volunteer', 'grant blacklisted', 'grant freezed']);
  });
});
