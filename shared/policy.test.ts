import { describe, expect, it } from 'vitest';
import { mayJoinRoom } from './policy';

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
