import { isIPv4, isIPv6 } from 'node:net';

/**
 * The bucket a per-client limit counts against, from the address the platform reports: an IPv4
 * address as is (also when written IPv4-mapped, `::ffff:192.0.2.1`), an IPv6 address as its /64
 * network, since one subscriber usually holds a whole /64 and could otherwise step through 2^64
 * addresses. Anything else (unknown) shares one bucket.
 */
export function clientBucket(address: string | null | undefined): string {
  const ip = (address ?? '')
    .trim()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip)) return 'unknown';
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') ? (tail ? tail.split(':') : []) : [];
  // An embedded IPv4 tail (::1.2.3.4) takes two groups; it only ever sits in the low 64 bits.
  const width = (groups: string[]) => groups.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const groups = ip.includes('::') ? [...left, ...Array<string>(8 - width(left) - width(right)).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
