import { localFlags } from '@client/state/localFlags';
import { voice, type SoundKind } from '@client/state/voice';
import { scheduleCue } from './tones';

/**
 * Plays the cues through one AudioContext. Browsers only let a page make sound after the user
 * interacted with it: the context is created (or resumed) on the first click, key or touch, and
 * until then cues are dropped silently rather than queued.
 */
let ctx: AudioContext | null = null;
let unlocked = false;

const AudioCtor = () => (typeof window === 'undefined' ? undefined : (window.AudioContext ?? (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext));

export const audioSupported = () => AudioCtor() !== undefined;

/** Creates or resumes the context; call it from a user gesture. */
export function unlockAudio(): AudioContext | null {
  const Ctor = AudioCtor();
  if (!Ctor) return null;
  ctx ??= new Ctor();
  if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
  unlocked = true;
  return ctx;
}

/** Unlocks the audio on the first gesture anywhere on the page. */
export function unlockOnFirstGesture() {
  if (typeof window === 'undefined') return;
  const events = ['pointerdown', 'keydown', 'touchstart'] as const;
  const handler = () => {
    unlockAudio();
    for (const name of events) window.removeEventListener(name, handler, true);
  };
  for (const name of events) window.addEventListener(name, handler, true);
}

/** Whether a cue of this kind should sound now, with these settings. */
export const wantsSound = (kind: SoundKind, flags: { voice: boolean }, settings: { volume: number } & Record<SoundKind, boolean>) =>
  flags.voice && settings[kind] && settings.volume > 0;

/** Plays a cue if the settings want it and the page may make sound. Returns whether it played. */
export function playCue(kind: SoundKind): boolean {
  if (!wantsSound(kind, localFlags, voice) || !unlocked || !ctx) return false;
  scheduleCue(ctx, ctx.destination, kind, voice.volume);
  return true;
}

/** The test button: a gesture, so it may unlock; plays even with the kind switched off. */
export function playTest(kind: SoundKind, volume: number): boolean {
  const context = unlockAudio();
  if (!context) return false;
  scheduleCue(context, context.destination, kind, volume);
  return true;
}
