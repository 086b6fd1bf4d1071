import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EMOTES, EMOTE_REF, emoteText, findEmote } from './emotes';

const publicDir = path.resolve(import.meta.dirname, '../public');

describe('emotes', () => {
  it('are at least a dozen, each a 32×32 SVG of ours under public/emotes', () => {
    expect(EMOTES.length).toBeGreaterThanOrEqual(12);
    for (const emote of EMOTES) {
      expect(emote.id).toBe(`${emote.group}|${emote.name}`);
      expect(emote.id).toMatch(EMOTE_REF);
      const svg = fs.readFileSync(path.join(publicDir, emote.src), 'utf8');
      expect(svg, emote.id).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="32" height="32" viewBox="0 0 32 32">/);
      expect(svg, emote.id).not.toMatch(/<script|on\w+=|href=/i);
    }
  });

  it('have unique names, so `[name]` finds the same emote as `[group|name]`', () => {
    expect(new Set(EMOTES.map((e) => e.name)).size).toBe(EMOTES.length);
    expect(findEmote('doge')).toBe(findEmote('face|doge'));
    expect(findEmote('game|doge')).toBeUndefined();
    expect(emoteText(findEmote('gg')!)).toBe('[game|gg]');
  });
});
