import { describe, expect, it } from 'vitest';
import { shareLinks } from './links';

describe('shareLinks', () => {
  const links = shareLinks('https://tribunal.example', '1006000000', { theme: 'dark', lang: 'zh-CN' });

  it('links the case by persona id', () => {
    expect(links.page).toBe('https://tribunal.example/player/1006000000');
    expect(links.imagePage).toBe('/player/1006000000/share');
  });

  it('embeds the card with the chosen theme and language', () => {
    expect(links.card).toBe('https://tribunal.example/player/1006000000/share/card?theme=dark&lang=zh-CN');
    expect(links.embed('xX_<b>_Xx · Tribunal')).toBe(
      '<iframe src="https://tribunal.example/player/1006000000/share/card?theme=dark&lang=zh-CN" width="440" height="200" style="border:0;max-width:100%" loading="lazy" title="xX_b_Xx · Tribunal"></iframe>',
    );
  });
});
