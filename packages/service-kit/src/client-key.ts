import { isIP } from 'node:net';

/**
 * The part of a client address that names one client: an IPv4 address whole, an IPv6 address by
 * its /64 (one household or device is given a whole /64, and picks any address in it). Every
 * bound per client (rate limits, counted once a day, streams at once) keys by this, so a client
 * cannot pass one by stepping through the addresses of its own network.
 */
export function clientOf(ip: string): string {
  if (isIP(ip) !== 6) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => (Number.parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}
