import type { Encoding } from './precompress';

/** Smallest first: at equal weight the client gets the smaller copy. */
const PREFERENCE: Encoding[] = ['br', 'gzip'];

/**
 * The encoding to send, among those a file has a copy in, from an Accept-Encoding header (RFC 9110
 * §12.5.3): the highest weight wins, `*` stands for every coding not named, `q=0` refuses one; at
 * equal weight brotli before gzip, whatever order the client listed them in (browsers list gzip
 * first). Null: send the file as it is.
 */
export function chooseEncoding(header: string | undefined, available: ReadonlySet<Encoding>): Encoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/.exec(p)).find(Boolean);
    weights.set(name, q ? Number(q[1]) : 1);
  }
  let best: Encoding | null = null;
  let bestWeight = 0;
  for (const encoding of PREFERENCE) {
    if (!available.has(encoding)) continue;
    const weight = weights.get(encoding) ?? (encoding === 'gzip' ? weights.get('x-gzip') : undefined) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) [best, bestWeight] = [encoding, weight];
  }
  return best;
}
