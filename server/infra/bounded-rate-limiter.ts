import { RateLimiterCompatibleAbstract, RateLimiterRes } from 'rate-limiter-flexible';

export interface BoundedLimiterOptions {
  keyPrefix: string;
  points: number;
  /** Window, seconds. */
  duration: number;
  /** Keys kept at most; past it the keys of the older slot are forgotten. */
  maxKeys: number;
}

/**
 * A fixed-window limit counted in this process, for keys anyone can mint (addresses, users): the
 * library's memory store keeps a record and a timer per key, 445 bytes, unbounded, so a flood from
 * many addresses (25,000 new ones a second in the read bench) grew the server by 180 MB in 15 s.
 * Here a key costs a Map entry and its window (no timer), ended windows are dropped a slot at a
 * time, and at most `maxKeys` are kept: past that, the keys of the older slot start again from
 * zero, which only a sender with more than `maxKeys` addresses in one window could cause, and who
 * is not held by a per-address limit anyway. Account limits, whose forgetting would reopen
 * guessing, stay unbounded. Compatible with the library's limiters (the Redis limiter's insurance,
 * the same answers and refusals).
 */
export class BoundedMemoryLimiter extends RateLimiterCompatibleAbstract {
  // Own fields, defined on the instance: they shadow the abstract class's throwing accessors.
  override readonly keyPrefix: string;
  override blockDuration = 0;
  override execEvenly = false;
  readonly points: number;
  readonly #windowMs: number;
  readonly #maxKeys: number;
  /**
   * The windows opened in this slot of the limit's length, and in the slot before: a window lasts
   * one slot, so when a slot ends every window of the one before it has ended and that Map is
   * dropped whole (no timer, no sweep). Past `maxKeys` the older Map is dropped early.
   */
  #young = new Map<string, Window>();
  #old = new Map<string, Window>();
  #slotEndsAt = 0;
  /** Windows set longer than the limit's own (`set`, `block`: never for a key anyone can mint). */
  readonly #held = new Map<string, Window>();

  constructor(opts: BoundedLimiterOptions) {
    super();
    this.keyPrefix = opts.keyPrefix;
    this.points = opts.points;
    this.#windowMs = opts.duration * 1000;
    this.#maxKeys = opts.maxKeys;
  }

  #rotate(now: number) {
    if (now < this.#slotEndsAt && this.#young.size + this.#old.size < this.#maxKeys) return;
    this.#old = now < this.#slotEndsAt + this.#windowMs ? this.#young : new Map();
    this.#young = new Map();
    this.#slotEndsAt = now + this.#windowMs;
  }

  /** The key's running window, or none. */
  #current(key: string, now: number): Window | undefined {
    const w = this.#young.get(key) ?? this.#old.get(key) ?? this.#held.get(key);
    return w && w.endsAt > now ? w : undefined;
  }

  #open(key: string, consumed: number, ms: number, now: number): Window {
    this.#forget(key);
    const w = { consumed, endsAt: ms > 0 ? now + ms : Infinity };
    if (ms > 0 && ms <= this.#windowMs) {
      this.#rotate(now);
      this.#young.set(key, w);
    } else this.#held.set(key, w);
    return w;
  }

  #forget(key: string): boolean {
    const a = this.#young.delete(key);
    const b = this.#old.delete(key);
    return this.#held.delete(key) || a || b;
  }

  #add(key: string | number, points: number): RateLimiterRes {
    const k = String(key);
    const now = Date.now();
    const w = this.#current(k, now);
    if (!w) return this.#answer(this.#open(k, points, this.#windowMs, now), now, true);
    w.consumed += points;
    return this.#answer(w, now, false);
  }

  #answer(w: Window, now: number, first: boolean): RateLimiterRes {
    return new RateLimiterRes(Math.max(this.points - w.consumed, 0), Number.isFinite(w.endsAt) ? w.endsAt - now : -1, w.consumed, first);
  }

  override consume(key: string | number, points = 1): Promise<RateLimiterRes> {
    const res = this.#add(key, points);
    return res.consumedPoints > this.points ? Promise.reject(res) : Promise.resolve(res);
  }

  override penalty(key: string | number, points = 1): Promise<RateLimiterRes> {
    return Promise.resolve(this.#add(key, points));
  }

  override reward(key: string | number, points = 1): Promise<RateLimiterRes> {
    return Promise.resolve(this.#add(key, -points));
  }

  override get(key: string | number): Promise<RateLimiterRes | null> {
    const now = Date.now();
    const w = this.#current(String(key), now);
    return Promise.resolve(w ? this.#answer(w, now, false) : null);
  }

  /** Sets the key's points for a window of `secDuration` (0: until deleted, as the library). */
  override set(key: string | number, points: number, secDuration: number): Promise<RateLimiterRes> {
    const now = Date.now();
    return Promise.resolve(this.#answer(this.#open(String(key), points, secDuration * 1000, now), now, true));
  }

  override block(key: string | number, secDuration: number): Promise<RateLimiterRes> {
    return this.set(key, this.points + 1, secDuration);
  }

  override delete(key: string | number): Promise<boolean> {
    const now = Date.now();
    const k = String(key);
    const running = this.#current(k, now) !== undefined;
    this.#forget(k);
    return Promise.resolve(running);
  }

  /** Keys kept now (tests, and what a flood costs). */
  get size(): number {
    return this.#young.size + this.#old.size + this.#held.size;
  }
}

interface Window {
  consumed: number;
  endsAt: number;
}
