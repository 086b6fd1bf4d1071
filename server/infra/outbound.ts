import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import ipaddr from 'ipaddr.js';

/** Why an outbound request to an address chosen by a client was not made or failed. */
export class OutboundError extends Error {}

export interface OutboundOptions {
  method: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  /** The answer is cut off and refused beyond this many bytes. */
  maxBytes: number;
  /** For the whole exchange, connect to last byte. */
  timeoutMs: number;
  /** Loopback targets allowed (tests only: the app's server runs on this machine). */
  allowLoopback?: boolean;
  /** Plain-http addresses allowed too (webhooks: their bodies are signed and carry public data only). */
  allowHttp?: boolean;
  /** Only the status matters: the answer's body is not read (the connection is closed once it starts). */
  ignoreBody?: boolean;
  /** Extra certificate authorities to trust (a test's own CA). */
  ca?: string;
}

export interface OutboundAnswer {
  status: number;
  body: string;
}

/** The range of an IP address (ipaddr.js's names; an IPv4-mapped IPv6 address as its IPv4), null for anything else. */
function rangeOf(address: string): string | null {
  return ipaddr.isValid(address) ? ipaddr.process(address).range() : null;
}

/** Only public unicast addresses (and loopback when a test allows it) may be reached. */
export function isReachableAddress(address: string, allowLoopback = false): boolean {
  const range = rangeOf(address);
  return range === 'unicast' || (allowLoopback && range === 'loopback');
}

/** How a refusal names the range of an address. */
const RANGE_NAMES: Record<string, string> = {
  loopback: 'a loopback address',
  private: 'a private address',
  linkLocal: 'a link-local address (cloud metadata services live there)',
  uniqueLocal: 'a unique-local address',
  carrierGradeNat: 'a carrier-grade NAT address',
  unspecified: 'the unspecified address',
  multicast: 'a multicast address',
  broadcast: 'the broadcast address',
  reserved: 'a reserved address',
};

/** `localhost` and its subdomains always mean this machine (RFC 6761), whatever a resolver says. */
const isLoopbackName = (host: string) => /(^|\.)localhost$/.test(host.toLowerCase().replace(/\.$/, ''));

/**
 * Why the host of an address a client gave us is refused before any connection: a literal IP
 * address out of `isReachableAddress`'s reach, or a `localhost` name; null when only resolving
 * the name can tell (`outboundRequest` checks every address it resolves to). `hostname` is as
 * `URL` parses it: IPv4 in any form (`2130706433`, `0x7f.1`) already dotted, IPv6 in brackets.
 */
export function unreachableHostReason(hostname: string, allowLoopback = false): { range: string; message: string } | null {
  const bare = hostname.replace(/^\[|\]$/g, '');
  let range: string | null;
  if (net.isIP(bare)) range = isReachableAddress(bare, allowLoopback) ? null : rangeOf(bare);
  else range = isLoopbackName(bare) && !allowLoopback ? 'loopback' : null;
  return range === null ? null : { range, message: `must be at a public address: ${hostname} is ${RANGE_NAMES[range] ?? `not a public address (${range})`}` };
}

async function resolveOnce(host: string, allowLoopback: boolean): Promise<string> {
  const bare = host.replace(/^\[|\]$/g, '');
  const addresses = net.isIP(bare) ? [bare] : (await dns.lookup(bare, { all: true }).catch(() => [])).map((a) => a.address);
  if (!addresses.length) throw new OutboundError(`${host} does not resolve`);
  // Every address must be allowed: the connection goes to the one checked here, never re-resolved.
  const refused = addresses.find((a) => !isReachableAddress(a, allowLoopback));
  if (refused) throw new OutboundError(`${host} resolves to a non-public address (${refused})`);
  return addresses[0]!;
}

/**
 * One HTTPS request to an address a client gave us (SSRF-safe): https only (unless `allowHttp`), the
 * name resolved once and every address checked (private, loopback, link-local, metadata refused), the
 * connection made to that checked address with the name kept for TLS, no redirects, a time limit and
 * a size cap.
 */
export async function outboundRequest(target: string, opts: OutboundOptions): Promise<OutboundAnswer> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new OutboundError('not a valid address');
  }
  const secure = url.protocol === 'https:';
  if (!secure && !(url.protocol === 'http:' && opts.allowHttp)) throw new OutboundError(opts.allowHttp ? 'only http and https addresses are allowed' : 'only https addresses are allowed');
  if (url.username || url.password) throw new OutboundError('credentials in the address are not allowed');
  const address = await resolveOnce(url.hostname, !!opts.allowLoopback);
  const servername = net.isIP(url.hostname.replace(/^\[|\]$/g, '')) ? undefined : url.hostname;

  return new Promise<OutboundAnswer>((resolve, reject) => {
    const common = {
      host: address,
      path: `${url.pathname}${url.search}`,
      method: opts.method,
      agent: false as const,
      headers: { host: url.host, 'user-agent': 'Tribunal/1', ...opts.headers, ...(opts.body !== undefined ? { 'content-length': Buffer.byteLength(opts.body) } : {}) },
    };
    const onResponse = (res: http.IncomingMessage) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400) {
        res.destroy();
        return reject(new OutboundError(`answered a redirect (HTTP ${status}), which is not followed`));
      }
      if (opts.ignoreBody) {
        res.destroy();
        return resolve({ status, body: '' });
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > opts.maxBytes) {
          res.destroy();
          reject(new OutboundError(`the answer is larger than ${opts.maxBytes} bytes`));
          return;
        }
        chunks.push(chunk);
      });
      res.on('end', () => resolve({ status, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', (e) => reject(new OutboundError(e.message)));
    };
    const req = secure
      ? https.request(
          {
            ...common,
            port: url.port || 443,
            servername,
            // An extra CA is added to the usual roots, not put in their place.
            ca: opts.ca ? [...tls.rootCertificates, opts.ca] : undefined,
          },
          onResponse,
        )
      : http.request({ ...common, port: url.port || 80 }, onResponse);
    const timer = setTimeout(() => req.destroy(new OutboundError(`no complete answer within ${opts.timeoutMs} ms`)), opts.timeoutMs);
    req.on('close', () => clearTimeout(timer));
    req.on('error', (e) => reject(e instanceof OutboundError ? e : new OutboundError(e.message)));
    req.end(opts.body);
  });
}
