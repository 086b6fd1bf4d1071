import ipaddr from 'ipaddr.js';

/**
 * What a per-address limit counts a client by: an IPv4 address (IPv4-mapped ones as IPv4), or the
 * /64 network of an IPv6 address, which one subscriber holds whole: counted by /128 it could
 * take a new address for every request and never be limited.
 */
export function addressKey(ip: string): string {
  if (!ip.includes(':') || !ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
  return `${parts.join(':')}::/64`;
}
