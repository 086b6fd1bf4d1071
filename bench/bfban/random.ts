/** A small seeded generator (mulberry32): the same seed writes the same database. */
export function seeded(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
}
export type Random = ReturnType<typeof seeded>;

/** A DATETIME as the original wrote it: the instant's wall-clock time in the server's zone (`+08:00`). */
export function localDatetime(ms: number, offsetMinutes: number): string {
  return new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 19).replace('T', ' ');
}

export const offsetMinutesOf = (zone: string) => {
  const m = /^([+-])(\d{2}):(\d{2})$/.exec(zone);
  if (!m) throw new Error(`not an offset: ${zone}`);
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
};
