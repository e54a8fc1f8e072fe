import { BlockList, isIP } from 'node:net';

/**
 * Addresses a fetch made on the server's behalf (an admin's image URL, a listed website) must never
 * reach: this machine, private and shared networks, link-local, multicast, documentation and other
 * special-purpose ranges, IPv4 and IPv6.
 */
const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  BLOCKED.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  // ::/96 holds ::, ::1 and the deprecated IPv4-compatible addresses; ::ffff:0:0:0/96 the IPv4-translated ones.
  ['::', 96],
  ['::ffff:0:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  BLOCKED.addSubnet(net, prefix, 'ipv6');
}

/**
 * Whether an address is on the public internet. An IPv4-mapped IPv6 address (`::ffff:0:0/96`, in any
 * spelling) is judged as the IPv4 address it carries, since that is where a connection to it goes;
 * every IPv4-compatible one (`::/96`) is refused whatever it carries.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const family = isIP(bare);
  if (family === 4) return !BLOCKED.check(bare, 'ipv4');
  if (family !== 6) return false;
  const groups = ipv6Groups(bare);
  if (!groups) return false;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi, lo] = [groups[6]!, groups[7]!];
    return isPublicAddress(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`);
  }
  return !BLOCKED.check(groups.map((g) => g.toString(16)).join(':'), 'ipv6');
}

/** The eight 16-bit groups of an IPv6 address `isIP` accepted (`::` expanded, a dotted tail and a zone read). */
function ipv6Groups(address: string): number[] | null {
  let text = address.split('%')[0]!.toLowerCase();
  const dotted = text.lastIndexOf(':');
  const tail = text.slice(dotted + 1);
  if (tail.includes('.')) {
    const bytes = tail.split('.').map(Number);
    text = `${text.slice(0, dotted + 1)}${((bytes[0]! << 8) | bytes[1]!).toString(16)}:${((bytes[2]! << 8) | bytes[3]!).toString(16)}`;
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = rest === undefined ? [] : rest ? rest.split(':') : [];
  const missing = 8 - left.length - right.length;
  if (rest === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...left, ...Array<string>(rest === undefined ? 0 : missing).fill('0'), ...right].map((g) => parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : null;
}
