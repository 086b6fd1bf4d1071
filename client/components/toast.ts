import { proxy } from 'valtio';

export type ToastTone = 'success' | 'danger' | 'info';

/** A link a toast offers (e.g. to the case a notification is about). */
export interface ToastLink {
  label: string;
  to: string;
}

export interface ToastItem {
  id: number;
  tone: ToastTone;
  message: string;
  link?: ToastLink;
  /** How long it stays, in ms; the toast region (./ToastRegion.tsx) pauses it while pointed at or focused. */
  duration: number;
}

/** Results of actions, shown briefly in a corner of the screen. */
export const toasts = proxy<{ items: ToastItem[] }>({ items: [] });

let nextId = 1;
const DURATION: Record<ToastTone, number> = { success: 4000, info: 5000, danger: 8000 };
/** Time to read a notification and reach its link. */
const LINK_DURATION = 10_000;

export function dismissToast(id: number) {
  toasts.items = toasts.items.filter((t) => t.id !== id);
}

function show(tone: ToastTone, message: string, link?: ToastLink) {
  const id = nextId++;
  toasts.items = [...toasts.items.slice(-3), { id, tone, message, link, duration: link ? LINK_DURATION : DURATION[tone] }];
}

export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string, link?: ToastLink) => show('danger', message, link),
  info: (message: string, link?: ToastLink) => show('info', message, link),
};
