import { isIPv4, isIPv6 } from 'node:net';

/**
 * Who the per-client limits (wrong secrets, the request budget) count as one client. An IPv4
 * address is one client. An IPv6 address is not: a home or office line gets a whole /64 (or a
 * /56, /48), and anyone on it can use a new address per request, so an IPv6 client is its
 * first `ipv6PrefixLength` bits (CLIENT_IPV6_PREFIX_LENGTH, 64 by default), written
 * `2001:db8:1:2:0:0:0:0/64`. An IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, what a
 * dual-stack socket reports for an IPv4 peer) is that IPv4 address. Anything else (no address
 * known) is its own text.
 */
export function clientKey(address: string, ipv6PrefixLength: number): string {
  if (isIPv4(address)) return address;
  const words = ipv6Words(address);
  if (words === undefined) return address;
  if (words.slice(0, 5).every((word) => word === 0) && words[5] === 0xffff) {
    return [words[6]! >> 8, words[6]! & 0xff, words[7]! >> 8, words[7]! & 0xff].join('.');
  }
  const masked = words.map((word, i) => {
    const bits = Math.min(16, Math.max(0, ipv6PrefixLength - i * 16));
    return word & ((0xffff << (16 - bits)) & 0xffff);
  });
  return `${masked.map((word) => word.toString(16)).join(':')}/${ipv6PrefixLength}`;
}

/** The eight 16-bit words of an IPv6 address (a zone, `%eth0`, ignored), or undefined when it is none. */
function ipv6Words(address: string): number[] | undefined {
  const bare = address.split('%')[0]!;
  if (!isIPv6(bare)) return undefined;
  const [head, tail] = bare.includes('::') ? bare.split('::') : [bare, undefined];
  const parts = (text: string | undefined): number[] =>
    !text
      ? []
      : text.split(':').flatMap((part) => {
          if (!part.includes('.')) return [Number.parseInt(part, 16)];
          // An IPv4 address written in its last 32 bits (::ffff:192.0.2.1, 64:ff9b::192.0.2.1).
          const [a, b, c, d] = part.split('.').map(Number) as [number, number, number, number];
          return [(a << 8) | b, (c << 8) | d];
        });
  const first = parts(head);
  const last = parts(tail);
  if (tail === undefined) return first;
  return [...first, ...Array<number>(8 - first.length - last.length).fill(0), ...last];
}
