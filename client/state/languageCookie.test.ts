// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { LANGUAGE_COOKIE } from '@shared/languages';
import { preferences, watchPreferences } from './preferences';

/** valtio tells its subscribers after the change, a microtask later. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
const cookie = () => document.cookie.split('; ').find((c) => c.startsWith(`${LANGUAGE_COOKIE}=`)) ?? null;

describe('the language cookie', () => {
  let stop: (() => void) | undefined;
  afterEach(() => {
    stop?.();
    preferences.language = null;
  });

  it('tells the server the language picked, and forgets it when the browser is followed again', async () => {
    preferences.language = 'ja-JP';
    // Written at start too: a choice saved before the cookie existed.
    stop = watchPreferences();
    expect(cookie()).toBe(`${LANGUAGE_COOKIE}=ja-JP`);
    preferences.language = 'de-DE';
    await settled();
    expect(cookie()).toBe(`${LANGUAGE_COOKIE}=de-DE`);
    preferences.language = null;
    await settled();
    expect(cookie()).toBeNull();
  });
});
