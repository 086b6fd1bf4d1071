import type { TFunction } from 'i18next';
import { CASE_STATUS_NAMES, type CaseStatus } from '@shared/games';
import type { CaseRecord } from '@shared/types/cases';

/** What a chat format says about one delivery, before it is written as Discord, Slack or plain text. */
export interface ChatMessage {
  /** One short line: what happened, to whom. */
  title: string;
  /** Where to read more: the case's page (or the site's, for events about no case). */
  url: string;
  /** The label of the link, for formats that show one. */
  linkLabel: string;
  /** Short facts shown beside the title where the format has room (status, games). */
  fields: { name: string; value: string }[];
  /** When the event happened. */
  time: string;
}

export interface DeliveryFacts {
  event: string;
  createTime: Date;
  payload: Record<string, unknown>;
}

const statusName = (t: TFunction, status: unknown) =>
  typeof status === 'number' && status in CASE_STATUS_NAMES ? t(`caseStatus.${CASE_STATUS_NAMES[status as CaseStatus]}`) : String(status ?? '');

const caseOf = (payload: Record<string, unknown>) => (payload.case && typeof payload.case === 'object' ? (payload.case as Partial<CaseRecord>) : null);

/**
 * The short, localised message of one delivery: its title names the player and what happened,
 * its link opens the case at `publicUrl`. Payloads are the ones written by server/modules/webhooks/queue.ts
 * callers (a `case` record for case events, a `user` for `register`).
 */
export function chatMessage(t: TFunction, publicUrl: string, d: DeliveryFacts): ChatMessage {
  const record = caseOf(d.payload);
  const time = d.createTime.toISOString();
  if (record?.originPersonaId) {
    const name = record.originName ?? record.originPersonaId;
    const url = `${publicUrl}/player/${encodeURIComponent(record.originPersonaId)}`;
    const fields = [{ name: t('webhooks.chat.status'), value: statusName(t, record.status) }];
    if (record.games?.length) fields.push({ name: t('webhooks.chat.games'), value: record.games.map((g) => t(`games.${g}`, { defaultValue: g })).join(', ') });
    return { title: caseTitle(t, d, name), url, linkLabel: t('webhooks.chat.openCase'), fields, time };
  }
  if (d.event === 'register') {
    const user = (d.payload.user ?? {}) as { id?: number; username?: string };
    return { title: t('webhooks.chat.register', { name: user.username ?? '' }), url: `${publicUrl}/space/${user.id ?? ''}`, linkLabel: t('webhooks.chat.openSpace'), fields: [], time };
  }
  return { title: t('webhooks.chat.ping'), url: `${publicUrl}/profile/webhooks`, linkLabel: t('webhooks.chat.openSite'), fields: [], time };
}

function caseTitle(t: TFunction, d: DeliveryFacts, name: string): string {
  switch (d.event) {
    case 'stateChange':
      return d.payload.from === null || d.payload.from === undefined
        ? t('webhooks.chat.newCase', { name, to: statusName(t, d.payload.to) })
        : t('webhooks.chat.stateChange', { name, from: statusName(t, d.payload.from), to: statusName(t, d.payload.to) });
    case 'report':
      return t('webhooks.chat.report', { name });
    case 'banAppeal':
      return t('webhooks.chat.banAppeal', { name });
    default:
      return t('webhooks.chat.playerUpdate', { name });
  }
}

/**
 * Cuts a text to at most `max` UTF-16 units (the stricter of the ways chat services count), never
 * inside a character, ending with an ellipsis when cut.
 */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  let out = '';
  for (const ch of text) {
    if (out.length + ch.length > max - 1) break;
    out += ch;
  }
  return `${out}…`;
}
