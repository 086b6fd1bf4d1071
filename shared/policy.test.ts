import { describe, expect, it } from 'vitest';
import { lockedStaffWrites, mayHideEntry, mayJoinRoom, rules, type Actor } from './policy';

type SocketIdentity = { id: number; privileges: string[] };
const mayJoin = mayJoinRoom;

const visitor = null;
const user5: SocketIdentity = { id: 5, privileges: ['normal'] };
const admin7: SocketIdentity = { id: 7, privileges: ['admin'] };
const blacklisted: SocketIdentity = { id: 8, privileges: ['blacklisted'] };

describe('mayJoinRoom', () => {
  it.each([
    ['case:1', visitor, 'ok'],
    ['all', visitor, 'ok'],
    ['user:5', visitor, 'room.forbidden'],
    ['staff', visitor, 'room.forbidden'],
    ['chat:5-7', visitor, 'room.forbidden'],
    ['user:5', user5, 'ok'],
    ['user:6', user5, 'room.forbidden'],
    ['chat:5-7', user5, 'ok'],
    ['chat:5-7', admin7, 'ok'],
    ['chat:6-7', user5, 'room.forbidden'],
    ['staff', user5, 'room.forbidden'],
    ['staff', admin7, 'ok'],
    ['staff', blacklisted, 'room.forbidden'],
    ['user:5', admin7, 'room.forbidden'],
    ['case:abc', user5, 'room.bad'],
    ['nowhere', admin7, 'room.bad'],
  ] as const)('%s for %j -> %s', (room, who, verdict) => {
    expect(mayJoin(room, who)).toBe(verdict);
  });

  it.each(['super', 'root', 'dev'])('lets %s into staff', (role) => {
    expect(mayJoin('staff', { id: 1, privileges: [role] })).toBe('ok');
  });

  it.each(['bot', 'volunteer', 'normal'])('keeps %s out of staff', (role) => {
    expect(mayJoin('staff', { id: 1, privileges: [role] })).toBe('room.forbidden');
  });
});

describe('lockedStaffWrites', () => {
  const actor = (privileges: string[]): Actor => ({ id: 9, privileges, isBound: true, visitType: 'websites', mutedUntil: null });
  const frozenAdmin = actor(['admin', 'freezed']);
  const bannedRoot = actor(['root', 'blacklisted']);

  it('refuses a banned or frozen account every write its staff roles alone opened', () => {
    for (const r of [rules.staff, rules.superStaff, rules.root, rules.judge, rules.staffOrBot]) {
      expect(lockedStaffWrites(false, r).check(bannedRoot), r.name).toEqual({ code: 'user.permissionDenined', message: 'this account is banned or frozen' });
    }
    expect(lockedStaffWrites(false, rules.judge).check(frozenAdmin)?.code).toBe('user.permissionDenined');
    expect(lockedStaffWrites(false, rules.staff).check(actor(['admin']))).toBeNull();
  });

  it('leaves reads, and writes every account may make, to the route\'s rule', () => {
    expect(lockedStaffWrites(true, rules.staff).check(frozenAdmin)).toBeNull();
    expect(lockedStaffWrites(false, rules.signedIn).check(frozenAdmin)).toBeNull();
    expect(lockedStaffWrites(false, rules.notBanned).check(frozenAdmin)).toBeNull();
    expect(lockedStaffWrites(false, rules.notBanned).check(bannedRoot)?.code).toBe('user.permissionDenined');
  });

  it('lets a locked staff account hide no entry but its own reply', () => {
    const others = { byUserId: 1, type: 'reply' };
    expect(mayHideEntry(actor(['admin']), others, false)).toBe(true);
    expect(mayHideEntry(frozenAdmin, others, false)).toBe(false);
    expect(mayHideEntry(bannedRoot, { byUserId: 1, type: 'report' }, true)).toBe(false);
    expect(mayHideEntry(frozenAdmin, { byUserId: 9, type: 'reply' }, false)).toBe(true);
  });
});
