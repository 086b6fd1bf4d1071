import { describe, expect, it } from 'vitest';
import { mayJoin, type SocketIdentity } from './authorize';

const visitor = null;
const user5: SocketIdentity = { userId: 5, privileges: ['normal'] };
const admin7: SocketIdentity = { userId: 7, privileges: ['admin'] };
const blacklisted: SocketIdentity = { userId: 8, privileges: ['blacklisted'] };

describe('mayJoin', () => {
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
    expect(mayJoin('staff', { userId: 1, privileges: [role] })).toBe('ok');
  });

  it.each(['bot', 'volunteer', 'normal'])('keeps %s out of staff', (role) => {
    expect(mayJoin('staff', { userId: 1, privileges: [role] })).toBe('room.forbidden');
  });
});
