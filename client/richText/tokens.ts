import { isContractedType, isContractedValue, type ContractedType } from '@shared/contracted';
import { findEmote, type Emote } from '@shared/emotes';
import type { Privilege } from '@shared/privileges';
import { isTokenIcon, type TokenIcon } from './tokenIcons';

/**
 * Plain text of user content split into what it shows: bare links,
 * e-mail addresses, dates, brace tokens (contracted syntax: `{floor:12}`, `{player:<personaId>}`,
 * `{user:3}`, `{router:/about}`, `{privilege:admin}`, `{signature:text}`, `{icon:flag}`) and
 * bracket emotes (`[doge]`, `[face|doge]`).
 */
export type Segment =
  | { kind: 'text'; text: string }
  | { kind: 'url'; href: string }
  | { kind: 'email'; address: string }
  | { kind: 'floor'; id: number }
  | { kind: 'player'; personaId: string }
  | { kind: 'user'; id: number }
  | { kind: 'router'; path: string }
  | { kind: 'privilege'; privilege: Privilege }
  | { kind: 'signature'; text: string }
  | { kind: 'icon'; name: TokenIcon }
  | { kind: 'emote'; emote: Emote }
  /** A calendar date, `YYYY-MM-DD`. */
  | { kind: 'date'; date: string }
  /** A moment, as an ISO 8601 UTC time. */
  | { kind: 'moment'; iso: string };

const BRACE = String.raw`\{([a-z]{1,16}):([^{}\r\n]{1,100})\}`;
const EMOTE = String.raw`\[([a-z0-9_-]{1,32}(?:\|[a-z0-9_-]{1,32})?)\]`;
const URL_RE = String.raw`(?:https?|ftp):\/\/[^\s<>"'{}]+`;
const EMAIL = String.raw`[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}`;
/** 2026-01-15, optionally with a time (`T` or a space) and a zone (`Z`, `+02:00`); not inside a longer word or number. */
const DATE = String.raw`(?<![\w./:-])(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d{1,3})?(Z|[+-]\d{2}:?\d{2})?)?(?![\w/-]|:\d)`;

const PATTERN = new RegExp(`${BRACE}|${EMOTE}|${URL_RE}|${EMAIL}|${DATE}`, 'g');

/** Sentence punctuation right after a link is not part of it (a closing parenthesis only when unopened). */
function trimUrl(url: string): string {
  let end = url.length;
  while (end > 0) {
    const ch = url[end - 1]!;
    if ('.,;:!?\'"'.includes(ch)) end--;
    else if (ch === ')' && url.slice(0, end).split('(').length <= url.slice(0, end).split(')').length - 1) end--;
    else break;
  }
  return url.slice(0, end);
}

/** The segment a contracted-syntax token stands for, or null when its value is not one of its kind. */
export function contractedSegment(kind: string, value: string): Segment | null {
  if (!isContractedType(kind) || !isContractedValue(kind, value)) return null;
  const type: ContractedType = kind;
  switch (type) {
    case 'floor':
      return { kind: 'floor', id: Number(value) };
    case 'user':
      return { kind: 'user', id: Number(value) };
    case 'player':
      return { kind: 'player', personaId: value };
    case 'router':
      return { kind: 'router', path: value };
    case 'privilege':
      return { kind: 'privilege', privilege: value as Privilege };
    case 'signature':
      return { kind: 'signature', text: value };
    case 'icon':
      return isTokenIcon(value) ? { kind: 'icon', name: value } : null;
  }
}

/** The segment of an emote reference, or null when it is not one of ours. */
export function emoteSegment(ref: string): Segment | null {
  const emote = findEmote(ref);
  return emote ? { kind: 'emote', emote } : null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A date (or moment) that exists, e.g. not 2026-02-30 nor 25:00. */
function dateSegment(m: RegExpMatchArray, at: number): Segment | null {
  const [y, mo, d, h, mi, s, zone] = m.slice(at, at + 7);
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (year < 1900 || probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
  const date = `${y}-${mo}-${d}`;
  if (h === undefined) return { kind: 'date', date };
  if (Number(h) > 23 || Number(mi) > 59 || Number(s ?? 0) > 59) return null;
  // A time without a zone is read as UTC, the zone the site writes its times in.
  const offset = !zone || zone === 'Z' ? 'Z' : zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
  const time = new Date(`${date}T${h}:${mi}:${s ?? '00'}${offset}`);
  if (Number.isNaN(time.getTime())) return null;
  return { kind: 'moment', iso: `${time.getUTCFullYear()}-${pad(time.getUTCMonth() + 1)}-${pad(time.getUTCDate())}T${pad(time.getUTCHours())}:${pad(time.getUTCMinutes())}:${pad(time.getUTCSeconds())}Z` };
}

export function tokenize(text: string): Segment[] {
  const out: Segment[] = [];
  const pushText = (value: string) => {
    if (!value) return;
    const last = out.at(-1);
    if (last?.kind === 'text') last.text += value;
    else out.push({ kind: 'text', text: value });
  };
  let at = 0;
  for (const m of text.matchAll(PATTERN)) {
    const start = m.index;
    let raw = m[0];
    let segment: Segment | null;
    if (m[1]) segment = contractedSegment(m[1], m[2]!);
    else if (m[3]) segment = emoteSegment(m[3]);
    else if (m[4]) segment = dateSegment(m, 4);
    else if (raw.includes('://')) {
      raw = trimUrl(raw);
      segment = raw.includes('://') && raw.length > raw.indexOf('://') + 3 ? { kind: 'url', href: raw } : null;
    } else segment = { kind: 'email', address: raw };
    pushText(text.slice(at, start));
    if (segment) out.push(segment);
    else pushText(raw);
    at = start + raw.length;
  }
  pushText(text.slice(at));
  return out;
}
