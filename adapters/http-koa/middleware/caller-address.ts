import ipaddr from 'ipaddr.js';

/**
 * The address a per-address limit counts. An IPv6 host usually holds a whole /64, so its callers
 * are counted by /64; an IPv4 address mapped into IPv6 counts as the IPv4 address.
 */
export function callerAddress(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((part) => part.toString(16)).join(':')}::/64`;
}
