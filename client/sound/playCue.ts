import { localFlags } from '@client/state/localFlags';
import { voice, type SoundKind } from '@client/state/voice';
import { unlockAudio, unlockedContext } from './player';
import { scheduleCue } from './tones';

/**
 * Playing the cues: loaded with the first cue (client/sound/startVoice.ts) or by the voice settings,
 * not with every page's first script, as most members never switch the sound on.
 */

/** Whether a cue of this kind should sound now, with these settings. */
export const wantsSound = (kind: SoundKind, flags: { voice: boolean }, settings: { volume: number } & Record<SoundKind, boolean>) =>
  flags.voice && settings[kind] && settings.volume > 0;

/** Plays a cue if the settings want it and the page may make sound. Returns whether it played. */
export function playCue(kind: SoundKind): boolean {
  const context = unlockedContext();
  if (!wantsSound(kind, localFlags, voice) || !context) return false;
  scheduleCue(context, context.destination, kind, voice.volume);
  return true;
}

/** The test button: a gesture, so it may unlock; plays even with the kind switched off. */
export function playTest(kind: SoundKind, volume: number): boolean {
  const context = unlockAudio();
  if (!context) return false;
  scheduleCue(context, context.destination, kind, volume);
  return true;
}
