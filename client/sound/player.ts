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

/** The context once the page may make sound (a gesture unlocked it), else null. */
export const unlockedContext = () => (unlocked ? ctx : null);
