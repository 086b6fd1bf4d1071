import type { Mailer } from './mailer';

/**
 * How long a probe's answer is trusted: a healthy server is asked again after this, a down one sooner.
 * Only the probe decides (not a failed send): a send fails only for a matching account, and letting
 * that turn later answers into 503 would tell the matching again.
 */
const UP_FOR_MS = 30_000;
const DOWN_FOR_MS = 5_000;

interface ProbeState {
  up: boolean;
  until: number;
  pending: Promise<boolean> | null;
}

const states = new WeakMap<Mailer, ProbeState>();

function stateOf(mailer: Mailer) {
  let state = states.get(mailer);
  if (!state) states.set(mailer, (state = { up: true, until: 0, pending: null }));
  return state;
}

/**
 * Whether the mail server is known to take mail: one cached `verify()` shared by every caller,
 * so a request that asks pays the same whatever it is about (no timing tells one request from another).
 */
export async function mailReachable(mailer: Mailer): Promise<boolean> {
  const state = stateOf(mailer);
  if (Date.now() < state.until) return state.up;
  state.pending ??= mailer
    .verify()
    .then((up) => {
      state.up = up;
      state.until = Date.now() + (up ? UP_FOR_MS : DOWN_FOR_MS);
      return up;
    })
    .finally(() => {
      state.pending = null;
    });
  return state.pending;
}
