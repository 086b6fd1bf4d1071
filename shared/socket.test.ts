import { describe, expect, it } from 'vitest';
import { parseRoom, roomOf } from './socket';

describe('parseRoom', () => {
  it.each([
    ['case:1', { kind: 'case', id: 1 }],
    ['case:2147483647', { kind: 'case', id: 2147483647 }],
    ['user:42', { kind: 'user', id: 42 }],
    ['chat:3-17', { kind: 'chat', a: 3, b: 17 }],
    ['staff', { kind: 'staff' }],
    ['all', { kind: 'all' }],
  ])('reads %s', (room, parsed) => {
    expect(parseRoom(room)).toEqual(parsed);
  });

  it.each([
    'case:0', // ids start at 1
    'case:01', // no leading zero: one room, one spelling
    'case:-1',
    'case:1.5',
    'case:12345678901', // more than 10 digits
    'user:',
    'user:abc',
    'chat:17-3', // the pair key is ordered
    'chat:5-5', // nobody chats with themselves
    'Staff',
    'staff ',
    'all:1',
    'room:1',
    '',
  ])('refuses %j', (room) => {
    expect(parseRoom(room)).toBeNull();
  });
});

describe('roomOf', () => {
  it('builds names parseRoom reads back', () => {
    expect(parseRoom(roomOf.case(7))).toEqual({ kind: 'case', id: 7 });
    expect(parseRoom(roomOf.user(9))).toEqual({ kind: 'user', id: 9 });
    expect(parseRoom(roomOf.staff)).toEqual({ kind: 'staff' });
    expect(parseRoom(roomOf.all)).toEqual({ kind: 'all' });
  });

  it('names a chat room the same whichever side asks', () => {
    expect(roomOf.chat(17, 3)).toBe('chat:3-17');
    expect(roomOf.chat(3, 17)).toBe('chat:3-17');
  });
});
