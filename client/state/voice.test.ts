import { describe, expect, it } from 'vitest';
import { DEFAULT_VOICE, parseVoice } from './voice';

describe('the voice settings', () => {
  it('read saved values, ignoring a damaged entry', () => {
    expect(parseVoice('{"volume":20,"appeal":false}')).toEqual({ ...DEFAULT_VOICE, volume: 20, appeal: false });
    expect(parseVoice('{"volume":400}')).toEqual(DEFAULT_VOICE);
    expect(parseVoice('nope')).toEqual(DEFAULT_VOICE);
  });
});
