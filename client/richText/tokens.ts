/**
 * Plain text of user content split into what it shows (spec §5, text rendering): bare links,
 * e-mail addresses, and brace tokens pointing at an entry (`{floor:12}`), a case
 * (`{player:<personaId>}`) or a user (`{user:3}`).
 */
export type Segment =
  | { kind: 'text'; text: string }
  | { kind: 'url'; href: string }
  | { kind: 'email'; address: string }
  | { kind: 'floor'; id: number }
  | { kind: 'player'; personaId: string }
  | { kind: 'user'; id: number };

const PATTERN = /\{(floor|player|user):([^{}\s]{1,32})\}|(?:https?|ftp):\/\/[^\s<>"'{}]+|[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;

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

const ID = /^[1-9]\d{0,9}$/;
const PERSONA = /^\d{1,20}$/;

function braceToken(kind: string, value: string): Segment | null {
  if (kind === 'floor' && ID.test(value)) return { kind: 'floor', id: Number(value) };
  if (kind === 'user' && ID.test(value)) return { kind: 'user', id: Number(value) };
  if (kind === 'player' && PERSONA.test(value)) return { kind: 'player', personaId: value };
  return null;
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
    if (m[1]) segment = braceToken(m[1], m[2]!);
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
