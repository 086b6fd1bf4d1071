// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { DEFAULT_FLAGS, LOCAL_FLAGS, parseLocalFlags } from './localFlags';

describe('the local flags', () => {
  it('cover the device-local flags (desktopNotification lives with the preferences)', () => {
    expect([...LOCAL_FLAGS, 'desktopNotification'].sort()).toEqual(
      ['history', 'subscribes', 'judgementTip', 'enhance', 'autoUpdatePlayerList', 'desktopNotification', 'footerBar', 'voice', 'detailLeftAppealPanel'].sort(),
    );
  });

  it('show the footer app banner until it is closed', () => {
    expect(DEFAULT_FLAGS.footerBar).toBe(true);
    expect(parseLocalFlags('{"footerBar":false}').footerBar).toBe(false);
  });

  it('keep sound off and the list still until asked', () => {
    expect(DEFAULT_FLAGS.voice).toBe(false);
    expect(DEFAULT_FLAGS.autoUpdatePlayerList).toBe(false);
  });

  it('read saved values and fall back to the defaults for wrong or missing ones', () => {
    expect(parseLocalFlags('{"voice":true,"footerBar":false,"history":"no","other":true}')).toEqual({ ...DEFAULT_FLAGS, voice: true, footerBar: false });
    expect(parseLocalFlags('[')).toEqual(DEFAULT_FLAGS);
    expect(parseLocalFlags(null)).toEqual(DEFAULT_FLAGS);
  });
});
