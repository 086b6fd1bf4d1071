import type { SoundKind } from '@client/state/voice';

/** One note of a cue: frequency in Hz, start and length in seconds, waveform. */
export interface Note {
  freq: number;
  at: number;
  length: number;
  wave: OscillatorType;
}

/**
 * The cues, made here from plain oscillator notes (no recorded audio): a soft rising pair for a
 * message, a low-high-low triad for a verdict on a followed case, three quick high pips for an appeal.
 */
export const CUES: Record<SoundKind, readonly Note[]> = {
  message: [
    { freq: 660, at: 0, length: 0.12, wave: 'sine' },
    { freq: 880, at: 0.13, length: 0.18, wave: 'sine' },
  ],
  judgement: [
    { freq: 392, at: 0, length: 0.16, wave: 'triangle' },
    { freq: 587, at: 0.17, length: 0.16, wave: 'triangle' },
    { freq: 494, at: 0.34, length: 0.26, wave: 'triangle' },
  ],
  appeal: [
    { freq: 988, at: 0, length: 0.08, wave: 'square' },
    { freq: 988, at: 0.12, length: 0.08, wave: 'square' },
    { freq: 1175, at: 0.24, length: 0.14, wave: 'square' },
  ],
};

/** Square waves sound much louder than sines at the same gain. */
const WAVE_GAIN: Record<OscillatorType, number> = { sine: 1, triangle: 0.9, square: 0.35, sawtooth: 0.4, custom: 1 };

/** The peak gain of a note at a volume of 0 to 100 (kept well below clipping). */
export const peakGain = (volume: number, wave: OscillatorType) => Math.max(0, Math.min(100, volume)) / 100 * 0.3 * WAVE_GAIN[wave];

/** Schedules a cue on an audio context: each note a short attack and an exponential fade. */
export function scheduleCue(ctx: BaseAudioContext, destination: AudioNode, kind: SoundKind, volume: number) {
  const start = ctx.currentTime + 0.01;
  for (const note of CUES[kind]) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = note.wave;
    osc.frequency.value = note.freq;
    const t0 = start + note.at;
    const peak = peakGain(volume, note.wave);
    gain.gain.setValueAtTime(0.0001, t0);
    gain.gain.linearRampToValueAtTime(Math.max(peak, 0.0001), t0 + 0.015);
    gain.gain.exponentialRampToValueAtTime(0.0001, t0 + note.length);
    osc.connect(gain).connect(destination);
    osc.start(t0);
    osc.stop(t0 + note.length + 0.02);
  }
}
