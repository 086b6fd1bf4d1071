import type { IncomingMessage } from 'node:http';
import net from 'node:net';
import proxyaddr from 'proxy-addr';

/** What Express's `trust proxy` setting accepts (its documented forms). */
export type TrustProxy = boolean | number | string[];

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a subnet (`10.0.0.0/8`, `10.0.0.0/255.0.0.0`, `fc00::/7`) or one of Express's named ranges. */
function isTrustedEntry(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = net.isIP(address ?? '');
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  if (/^\d+$/.test(prefix)) return Number(prefix) <= (family === 4 ? 32 : 128);
  return family === 4 && net.isIPv4(prefix);
}

/**
 * TRUST_PROXY as Express documents it: `true`/`false`, a hop count (`1`: the one proxy in front),
 * or a comma-separated list of addresses, subnets and named ranges. Anything else is refused at
 * start-up rather than silently trusting nothing (or everything).
 */
export function parseTrustProxy(raw: string): TrustProxy {
  const value = raw.trim();
  if (/^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((e) => e.trim()).filter(Boolean);
  const bad = entries.filter((e) => !isTrustedEntry(e));
  if (!entries.length || bad.length) throw new Error(`TRUST_PROXY: not an address, subnet, hop count or boolean: ${bad.join(', ') || '(empty)'}`);
  return entries;
}

/** Whether the peer at hop `i` (0: the one connected to us) may tell the address behind it. */
export type TrustFunction = (address: string, hop: number) => boolean;

/**
 * The setting compiled as Express compiles `trust proxy` (its documented forms, through the same
 * proxy-addr). The app is given this function (`server/app.ts`), so `req.ip` and `clientAddress`
 * answer by one rule.
 */
export function trustFunction(setting: TrustProxy): TrustFunction {
  if (setting === true) return () => true;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return proxyaddr.compile(setting === false ? [] : setting);
}

/** The client's address of a request Express did not see (a socket's handshake), as `req.ip` would be. */
export const clientAddress = (req: IncomingMessage, trust: TrustFunction): string => proxyaddr(req, trust);
