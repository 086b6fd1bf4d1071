import { describe, expect, it } from 'vitest';
import { findEmote } from '@shared/emotes';
import { tokenize } from './tokens';

describe('tokenize', () => {
  it('leaves plain text alone', () => {
    expect(tokenize('Nothing to see here.')).toEqual([{ kind: 'text', text: 'Nothing to see here.' }]);
    expect(tokenize('')).toEqual([]);
  });

  it('finds bare links, without the punctuation that ends a sentence', () => {
    expect(tokenize('See https://example.com/clip?t=3, then ftp://files.example.org/a.zip.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'url', href: 'https://example.com/clip?t=3' },
      { kind: 'text', text: ', then ' },
      { kind: 'url', href: 'ftp://files.example.org/a.zip' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('keeps parentheses that belong to a link', () => {
    expect(tokenize('(https://en.example.org/wiki/Cheat_(game))')).toEqual([
      { kind: 'text', text: '(' },
      { kind: 'url', href: 'https://en.example.org/wiki/Cheat_(game)' },
      { kind: 'text', text: ')' },
    ]);
  });

  it('turns e-mail addresses into mail segments', () => {
    expect(tokenize('Mail appeals@tribunal.example!')).toEqual([
      { kind: 'text', text: 'Mail ' },
      { kind: 'email', address: 'appeals@tribunal.example' },
      { kind: 'text', text: '!' },
    ]);
  });

  it('does not read the user part of a link as an e-mail address', () => {
    expect(tokenize('https://me@example.com/x')).toEqual([{ kind: 'url', href: 'https://me@example.com/x' }]);
  });

  it('expands floor, player and user tokens', () => {
    expect(tokenize('As {floor:12} says, {player:1006000000} is {user:3}’s find.')).toEqual([
      { kind: 'text', text: 'As ' },
      { kind: 'floor', id: 12 },
      { kind: 'text', text: ' says, ' },
      { kind: 'player', personaId: '1006000000' },
      { kind: 'text', text: ' is ' },
      { kind: 'user', id: 3 },
      { kind: 'text', text: '’s find.' },
    ]);
  });

  it('keeps tokens with bad values and unknown tokens as text', () => {
    const bad = '{floor:0} {user:abc} {player:12a} {router:about} {router://evil.example} {privilege:king} {icon:nope} {signature: padded} {egg:1} {floor:}';
    expect(tokenize(bad)).toEqual([{ kind: 'text', text: bad }]);
  });

  it('does not take a lone scheme for a link', () => {
    expect(tokenize('https:// is not a link')).toEqual([{ kind: 'text', text: 'https:// is not a link' }]);
  });

  it('expands router, privilege, signature and icon tokens', () => {
    expect(tokenize('See {router:/about#rules}, ask an {privilege:admin}. {icon:flag} {signature:The review team}')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'router', path: '/about#rules' },
      { kind: 'text', text: ', ask an ' },
      { kind: 'privilege', privilege: 'admin' },
      { kind: 'text', text: '. ' },
      { kind: 'icon', name: 'flag' },
      { kind: 'text', text: ' ' },
      { kind: 'signature', text: 'The review team' },
    ]);
  });

  it('expands emotes by id or by a unique name, and leaves other brackets alone', () => {
    const doge = findEmote('face|doge')!;
    expect(tokenize('lol [doge] [face|doge] [1] [face|nope] [ doge ]')).toEqual([
      { kind: 'text', text: 'lol ' },
      { kind: 'emote', emote: doge },
      { kind: 'text', text: ' ' },
      { kind: 'emote', emote: doge },
      { kind: 'text', text: ' [1] [face|nope] [ doge ]' },
    ]);
  });

  it('finds dates and moments, the latter as UTC instants', () => {
    expect(tokenize('Banned 2026-01-15, seen 2026-01-15T13:45:00Z, again 2026-01-16 08:30+02:00 and 2026-01-17 09:05.')).toEqual([
      { kind: 'text', text: 'Banned ' },
      { kind: 'date', date: '2026-01-15' },
      { kind: 'text', text: ', seen ' },
      { kind: 'moment', iso: '2026-01-15T13:45:00Z' },
      { kind: 'text', text: ', again ' },
      { kind: 'moment', iso: '2026-01-16T06:30:00Z' },
      { kind: 'text', text: ' and ' },
      { kind: 'moment', iso: '2026-01-17T09:05:00Z' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('leaves impossible dates and digits inside other numbers or links as text', () => {
    const text = '2026-02-30 2026-13-01 2026-01-15T25:00 12026-01-15 v1.2026-01-15 2026-01-150 id-2026-01-15';
    expect(tokenize(text)).toEqual([{ kind: 'text', text }]);
    expect(tokenize('https://example.com/2026-01-15/clip')).toEqual([{ kind: 'url', href: 'https://example.com/2026-01-15/clip' }]);
  });
});
