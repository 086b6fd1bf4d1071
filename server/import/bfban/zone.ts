/**
 * The original's DATETIME columns hold wall-clock time in its server's zone, which nothing in the
 * database records. The operator names it: a fixed
 * offset (`+08:00`, `Z`) or an IANA zone (`Asia/Shanghai`, daylight saving applied per instant);
 * abbreviations (`CST`, `IST`) are refused, as they name several zones.
 */
export interface Zone {
  name: string;
  /** The instant a wall-clock time `YYYY-MM-DD HH:mm:ss[.fff]` of this zone names; null for zero or malformed dates. */
  instant(text: string): Date | null;
}

const OFFSET = /^(?:Z|UTC|([+-])(\d{2}):?(\d{2}))$/i;
const DATETIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?$/;

function wallClockMs(text: string): number | null {
  const m = DATETIME.exec(text.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  if (y === 0 || mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  const ms = Date.UTC(y, mo - 1, d, h, mi, s, m[7] ? Number(m[7].padEnd(3, '0').slice(0, 3)) : 0);
  // 2023-02-31 would roll over into March: not a date the original could have written.
  return new Date(ms).getUTCDate() === d ? ms : null;
}

/** Minutes ahead of UTC that `zone` is at the instant `utcMs`. */
function ianaOffsetMinutes(zone: string, utcMs: number): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).formatToParts(new Date(utcMs));
  const get = (t: string) => Number(parts.find((p) => p.type === t)!.value);
  return Math.round((Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - Math.floor(utcMs / 1000) * 1000) / 60_000);
}

export function parseZone(name: string): Zone {
  const m = OFFSET.exec(name.trim());
  if (m) {
    const minutes = m[1] ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
    if (Math.abs(minutes) > 14 * 60) throw new Error(`--time-zone ${name}: an offset is at most 14 hours`);
    return { name: formatOffset(minutes), instant: (t) => { const w = wallClockMs(t); return w === null ? null : new Date(w - minutes * 60_000); } };
  }
  // Intl takes abbreviations and legacy names too, each one reading: CST is US Central (-06:00)
  // there, while a MySQL server in China reports its China Standard Time (+08:00) as CST.
  if (!name.includes('/')) throw new Error(`--time-zone ${name}: an abbreviation or legacy name is ambiguous (CST is US Central, -06:00, and China Standard Time, +08:00): name an offset like +08:00 or a zone like Asia/Shanghai`);
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
  } catch {
    throw new Error(`--time-zone ${name}: not an offset like +08:00 nor a zone like Asia/Shanghai`);
  }
  return {
    name,
    instant(t) {
      const w = wallClockMs(t);
      if (w === null) return null;
      // The offset at the guess, then at the corrected instant (a DST change in between).
      const first = w - ianaOffsetMinutes(name, w) * 60_000;
      return new Date(w - ianaOffsetMinutes(name, first) * 60_000);
    },
  };
}

/** The wall clock of `at` in a fixed offset, as the original would have written it (for `--since` filters). */
export function wallClockIn(zone: Zone, at: Date): string {
  // Find the text whose instant is `at`: start from UTC and correct by the zone's own reading.
  const utcText = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
  let guess = at.getTime();
  for (let i = 0; i < 3; i++) {
    const back = zone.instant(utcText(guess));
    if (!back) break;
    guess += at.getTime() - back.getTime();
  }
  return utcText(guess);
}

/** Minutes ahead of UTC as `+08:00`: an offset zone's name, whichever way it was written. */
export function formatOffset(minutes: number): string {
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** The zone's offset from UTC at `at`, as `+08:00`. */
export function utcOffsetAt(zone: Zone, at: Date): string {
  const whole = new Date(Math.floor(at.getTime() / 1000) * 1000);
  return formatOffset(Math.round((Date.parse(`${wallClockIn(zone, whole).replace(' ', 'T')}Z`) - whole.getTime()) / 60_000));
}
