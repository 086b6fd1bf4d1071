import { describe, expect, it } from 'vitest';
import type { MessageItem } from '@shared/types/messages';
import { addMessages, addNewMessages, applyRead, otherParty, removeMessage, textToMessageHtml, unreadFrom } from './chat';

const msg = (id: number, at: string, by: number | null = 1, to: number | null = 2, haveRead: 0 | 1 = 0): MessageItem => ({
  id,
  byUserId: by,
  toUserId: to,
  type: 'direct',
  content: `<p>${id}</p>`,
  haveRead,
  createTime: `2026-01-01T00:00:${at}.000Z`,
  username: null,
  userAvatar: null,
  toUsername: null,
  playerId: null,
  personaId: null,
});

describe('chat threads', () => {
  it('keep messages oldest first, once each, whatever order they arrive in', () => {
    const thread = addMessages([msg(2, '02'), msg(3, '03')], [msg(1, '01'), msg(3, '03'), msg(4, '04')]);
    expect(thread.map((m) => m.id)).toEqual([1, 2, 3, 4]);
  });

  it('keep the read state of a message when its creation copy arrives after the read (my send’s answer, late)', () => {
    const live = addNewMessages([msg(1, '01')], [msg(2, '02', 2, 1)]);
    const read = applyRead(live, [2], true);
    const afterAnswer = addNewMessages(read, [msg(2, '02', 2, 1, 0)]);
    expect(afterAnswer.map((m) => [m.id, m.haveRead])).toEqual([
      [1, 0],
      [2, 1],
    ]);
    expect(addNewMessages(afterAnswer, [msg(3, '03')]).map((m) => m.id)).toEqual([1, 2, 3]);
  });

  it('apply read states and deletions by id', () => {
    const thread = [msg(1, '01'), msg(2, '02')];
    expect(applyRead(thread, [2], true).map((m) => m.haveRead)).toEqual([0, 1]);
    expect(removeMessage(thread, 1).map((m) => m.id)).toEqual([2]);
  });

  it('find the other person and what they sent me unread', () => {
    expect(otherParty(msg(1, '01', 1, 2), 1)).toBe(2);
    expect(otherParty(msg(1, '01', 1, 2), 2)).toBe(1);
    expect(otherParty(msg(1, '01', null, 2), 2)).toBeNull();
    expect(otherParty(msg(1, '01', 1, null), 1)).toBeNull();
    expect(unreadFrom([msg(1, '01', 1, 2), msg(2, '02', 2, 1), msg(3, '03', 1, 2, 1)], 2)).toEqual([1]);
  });
});

describe('textToMessageHtml', () => {
  it('escapes markup and keeps lines and paragraphs', () => {
    expect(textToMessageHtml('  a < b & "c"\nnext\n\nnew paragraph ')).toBe('<p>a &lt; b &amp; &quot;c&quot;<br>next</p><p>new paragraph</p>');
  });
});
