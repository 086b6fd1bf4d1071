/** Bytes as people read them: B, KB, MB, GB (1024-based, as the limits are), in the page's language. */
export function formatQuotaBytes(bytes: number, language: string): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}

/** The share of a limit used, 0 to 1 (a limit of 0 counts as full). */
export const usedShare = (used: number, limit: number) => (limit > 0 ? Math.min(1, Math.max(0, used / limit)) : 1);
