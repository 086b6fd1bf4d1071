// Every theme's colour tokens must meet WCAG 2.1 contrast where the components use them:
// 4.5:1 for text (1.4.3) and 3:1 for the parts that identify controls (1.4.11).
// The pairs follow the uses in base.css and the CSS modules: text tokens sit on the page
// background and on cards (surface, sunken, raised); accent is the link colour and the focus
// ring (base.css); border-strong is the border of inputs (components/Field.module.css);
// text-subtle is also the placeholder and the hovered input's border; on-danger and on-warning are
// the text of danger buttons and of the count badges (HeaderIconLink, ProfileLayout, ChatPage).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { THEMES } from '@shared/languages';

type Rgba = [number, number, number, number];

const source = readFileSync(new URL('./themes.css', import.meta.url), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
/** The body of the `@media (prefers-contrast: more)` block: what changes for those who ask for more contrast. */
const moreContrast = /@media\s*\(prefers-contrast:\s*more\)\s*\{\s*:root,\s*\[data-theme\]\s*\{([^{}]*)\}\s*\}/.exec(source)?.[1] ?? '';
/** The themes themselves, without the media blocks. */
const css = source.replace(/@media[^{]*\{(?:[^{}]*\{[^{}]*\})*\s*\}/g, '');

/** Colour tokens per theme: `:root` is the default theme (lightness); later rules override earlier ones. */
function themeTokens(): Map<string, Map<string, string>> {
  const themes = new Map<string, Map<string, string>>();
  for (const [, selectors, body] of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const names = selectors.split(',').map((s) => {
      const sel = s.trim();
      if (sel === ':root') return 'lightness';
      const m = /^\[data-theme='([^']+)'\]$/.exec(sel);
      if (!m) throw new Error(`themes.css: unexpected selector ${sel}`);
      return m[1];
    });
    for (const name of names) {
      const tokens = themes.get(name) ?? new Map<string, string>();
      for (const [, prop, value] of body.matchAll(/(--color-[\w-]+)\s*:\s*([^;]+);/g)) tokens.set(prop, value.trim());
      themes.set(name, tokens);
    }
  }
  return themes;
}

/** Parses the formats themes.css uses: #rgb, #rgba, #rrggbb, #rrggbbaa, rgb() and rgba(). */
function parseColour(value: string): Rgba {
  const hex = /^#([0-9a-f]{3,8})$/i.exec(value);
  if (hex && [3, 4, 6, 8].includes(hex[1].length)) {
    const h = hex[1].length <= 4 ? [...hex[1]].map((c) => c + c).join('') : hex[1];
    const n = (i: number) => parseInt(h.slice(i * 2, i * 2 + 2), 16);
    return [n(0), n(1), n(2), h.length === 8 ? n(3) / 255 : 1];
  }
  const rgb = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:\s*[,/]\s*([\d.]+)(%?))?\s*\)$/i.exec(value);
  if (rgb) {
    const alpha = rgb[4] === undefined ? 1 : Number(rgb[4]) / (rgb[5] ? 100 : 1);
    return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3]), alpha];
  }
  throw new Error(`unsupported colour format: ${value} (add it to the parser in themes.test.ts)`);
}

/** A translucent colour painted over an opaque one. */
function over(top: Rgba, below: Rgba): Rgba {
  const a = top[3];
  return [0, 1, 2].map((i) => top[i] * a + below[i] * (1 - a)).concat(1) as Rgba;
}

function luminance([r, g, b]: Rgba): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

function contrast(a: Rgba, b: Rgba): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const BACKGROUNDS = ['--color-bg', '--color-surface', '--color-surface-sunken', '--color-surface-raised'];
const TEXT = 4.5;
const UI = 3;

/** [foreground, background, minimum ratio]; a translucent background is painted over each page background. */
const PAIRS: [string, string, number][] = [
  ...['--color-text', '--color-text-muted', '--color-text-subtle', '--color-accent', '--color-danger-text'].flatMap(
    (fg) => BACKGROUNDS.map((bg): [string, string, number] => [fg, bg, TEXT]),
  ),
  ['--color-accent-text', '--color-accent', TEXT],
  ['--color-accent-text', '--color-accent-hover', TEXT],
  ['--color-accent-soft-text', '--color-accent-soft', TEXT],
  ['--color-on-danger', '--color-danger', TEXT],
  ['--color-on-warning', '--color-warning', TEXT],
  ['--color-success-text', '--color-success-soft', TEXT],
  ['--color-warning-text', '--color-warning-soft', TEXT],
  ['--color-danger-text', '--color-danger-soft', TEXT],
  ['--color-info-text', '--color-info-soft', TEXT],
  ['--color-violet-text', '--color-violet-soft', TEXT],
  ['--color-neutral-text', '--color-neutral-soft', TEXT],
  ...['--color-border-strong', '--color-accent', '--color-danger'].flatMap((fg) =>
    BACKGROUNDS.filter((bg) => bg !== '--color-surface-sunken').map((bg): [string, string, number] => [fg, bg, UI]),
  ),
];

/** The lowest ratio of fg on bg, over every opaque background a translucent bg may be painted on. */
/** A token's colour, following `var()` and `color-mix(in srgb, …)` to other tokens of the theme. */
function colourOf(tokens: Map<string, string>, token: string): Rgba {
  const v = tokens.get(token);
  if (!v) throw new Error(`missing token ${token}`);
  const alias = /^var\((--[\w-]+)\)$/.exec(v);
  if (alias) return colourOf(tokens, alias[1]);
  const mix = /^color-mix\(in srgb,\s*var\((--[\w-]+)\)\s+([\d.]+)%,\s*var\((--[\w-]+)\)\)$/.exec(v);
  if (mix) {
    const [a, b, p] = [colourOf(tokens, mix[1]), colourOf(tokens, mix[3]), Number(mix[2]) / 100];
    if (a[3] < 1 || b[3] < 1) throw new Error(`${token}: color-mix of a translucent colour`);
    return [0, 1, 2].map((i) => a[i] * p + b[i] * (1 - p)).concat(1) as Rgba;
  }
  return parseColour(v);
}

function ratio(tokens: Map<string, string>, fg: string, bg: string): number {
  const get = (t: string) => colourOf(tokens, t);
  const fgColour = get(fg);
  const bgColour = get(bg);
  const grounds = bgColour[3] < 1 ? BACKGROUNDS.map((b) => over(bgColour, get(b))) : [bgColour];
  return Math.min(...grounds.map((g) => contrast(over(fgColour, g), g)));
}

const themes = themeTokens();

describe('theme colour contrast (WCAG 2.1 AA)', () => {
  it('themes.css defines exactly the themes the app offers', () => {
    expect([...themes.keys()].sort()).toEqual([...THEMES].sort());
  });

  it('computes the known ratios', () => {
    expect(contrast(parseColour('#000'), parseColour('#ffffff'))).toBeCloseTo(21, 5);
    expect(contrast(parseColour('#777777'), parseColour('rgb(255, 255, 255)'))).toBeCloseTo(4.48, 2);
    expect(over(parseColour('rgba(0, 0, 0, 0.5)'), parseColour('#ffffff'))).toEqual([127.5, 127.5, 127.5, 1]);
  });

  it('finds the more-contrast tokens', () => {
    expect([...moreContrast.matchAll(/(--color-[\w-]+)\s*:/g)].map((m) => m[1]).sort()).toEqual(['--color-border', '--color-border-strong', '--color-text-muted', '--color-text-subtle']);
  });

  for (const theme of THEMES) {
    it(`${theme}, more contrast: secondary text reaches 7:1 (WCAG 1.4.6), every border 3:1, none weaker than without`, () => {
      const base = themes.get(theme)!;
      const more = new Map(base);
      for (const [, prop, value] of moreContrast.matchAll(/(--color-[\w-]+)\s*:\s*([^;]+);/g)) more.set(prop, value.trim());
      const checks: [string, string, number][] = [
        ...['--color-text-muted', '--color-text-subtle'].flatMap((fg) => BACKGROUNDS.map((bg): [string, string, number] => [fg, bg, 7])),
        ...['--color-border', '--color-border-strong'].flatMap((fg) => BACKGROUNDS.filter((bg) => bg !== '--color-surface-sunken').map((bg): [string, string, number] => [fg, bg, UI])),
      ];
      const failures = checks.flatMap(([fg, bg, min]) => {
        const [was, now] = [ratio(base, fg, bg), ratio(more, fg, bg)];
        return now < min || now < was ? [`${fg} on ${bg}: ${now.toFixed(2)} (was ${was.toFixed(2)}, needs ${min})`] : [];
      });
      expect(failures).toEqual([]);
    });

    it(`${theme}: every text and control pair meets its minimum`, () => {
      const tokens = themes.get(theme);
      expect(tokens, `themes.css has no [data-theme='${theme}']`).toBeDefined();
      const failures = PAIRS.flatMap(([fg, bg, min]) => {
        const r = ratio(tokens!, fg, bg);
        return r < min ? [`${fg} on ${bg}: ${r.toFixed(2)} < ${min}`] : [];
      });
      expect(failures).toEqual([]);
    });
  }
});
