import { onSessionEvent } from '@client/realtime/sessionRealtime';
import { session } from '@client/state/session';
import { localFlags } from '@client/state/localFlags';
import type { SoundKind } from '@client/state/voice';
import { unlockOnFirstGesture } from './player';
import { soundOf } from './soundOf';

/** A burst (a replay after reconnecting) makes one sound per kind, not one per event. */
export const CUE_GAP_MS = 1500;

/** Whether a cue may sound at `now`, given when each kind last sounded (updated when it may). */
export function throttleCue(last: Map<SoundKind, number>, kind: SoundKind, now: number): boolean {
  const before = last.get(kind);
  if (before !== undefined && now - before < CUE_GAP_MS) return false;
  last.set(kind, now);
  return true;
}

/** Sounds the voice cues for the session's live events (the voice settings of the profile). */
export function startVoice() {
  unlockOnFirstGesture();
  const last = new Map<SoundKind, number>();
  return onSessionEvent((event) => {
    const kind = soundOf(event, session.userinfo?.userId ?? null);
    // The master switch is read here, so a page whose member never turned the sound on loads no cue code.
    if (kind && localFlags.voice && throttleCue(last, kind, Date.now())) void import('./playCue').then(({ playCue }) => playCue(kind));
  });
}
