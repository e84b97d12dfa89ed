import ipaddr from 'ipaddr.js';

/** A forwarded address with a port, as some proxies write it: `198.51.100.9:40001`, `[2001:db8::1]:40001`. */
const WITH_PORT = /^(?:\[(?<v6>[^\]]+)\]|(?<v4>\d{1,3}(?:\.\d{1,3}){3})):\d+$/;

/**
 * The address a per-address limit counts. Ports are dropped; an IPv6 host usually holds a whole
 * /64, so its callers are counted by /64; an IPv4 address mapped into IPv6 counts as the IPv4
 * address. Anything unreadable shares one budget, so it cannot be varied to escape the limit.
 */
export function callerAddress(raw: string): string {
  const match = WITH_PORT.exec(raw);
  const ip = match?.groups?.['v6'] ?? match?.groups?.['v4'] ?? raw;
  if (!ipaddr.isValid(ip)) return 'unreadable';
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((part) => part.toString(16)).join(':')}::/64`;
}
