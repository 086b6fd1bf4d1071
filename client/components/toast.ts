import { proxy } from 'valtio';

export type ToastTone = 'success' | 'danger' | 'info';

export interface ToastItem {
  id: number;
  tone: ToastTone;
  message: string;
}

/** Results of actions, shown briefly in a corner of the screen. */
export const toasts = proxy<{ items: ToastItem[] }>({ items: [] });

let nextId = 1;
const DURATION: Record<ToastTone, number> = { success: 4000, info: 5000, danger: 8000 };

export function dismissToast(id: number) {
  toasts.items = toasts.items.filter((t) => t.id !== id);
}

function show(tone: ToastTone, message: string) {
  const id = nextId++;
  toasts.items = [...toasts.items.slice(-3), { id, tone, message }];
  setTimeout(() => dismissToast(id), DURATION[tone]);
}

export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('danger', message),
  info: (message: string) => show('info', message),
};
