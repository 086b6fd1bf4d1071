import { describe, expect, it } from 'vitest';
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
    expect(tokenize('{floor:0} {user:abc} {player:12a} {router:/about} {floor:}')).toEqual([
      { kind: 'text', text: '{floor:0} {user:abc} {player:12a} {router:/about} {floor:}' },
    ]);
  });

  it('does not take a lone scheme for a link', () => {
    expect(tokenize('https:// is not a link')).toEqual([{ kind: 'text', text: 'https:// is not a link' }]);
  });
});
