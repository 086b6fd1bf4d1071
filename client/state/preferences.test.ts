// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { parsePreferences } from './preferences';

describe('parsePreferences', () => {
  it('reads a saved theme, text size and language', () => {
    expect(parsePreferences('{"theme":"MikuGreen","textSize":"x-large","language":"ar-EG"}')).toEqual({
      theme: 'MikuGreen',
      textSize: 'x-large',
      language: 'ar-EG',
      desktopNotification: false,
    });
  });

  it('falls back to the defaults for missing, unknown or damaged entries', () => {
    const defaults = { theme: 'lightness', textSize: 'default', language: null, desktopNotification: false };
    expect(parsePreferences(null)).toEqual(defaults);
    expect(parsePreferences('{"theme":"neon","textSize":"huge","language":"xx-XX"}')).toEqual(defaults);
    expect(parsePreferences('{broken')).toEqual(defaults);
    expect(parsePreferences('null')).toEqual(defaults);
  });

  it('keeps desktop notifications off unless they were turned on', () => {
    expect(parsePreferences('{"desktopNotification":true}').desktopNotification).toBe(true);
    expect(parsePreferences('{"desktopNotification":"yes"}').desktopNotification).toBe(false);
    expect(parsePreferences('{}').desktopNotification).toBe(false);
  });
});
