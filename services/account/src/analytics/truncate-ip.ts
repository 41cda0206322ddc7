import net from 'node:net';

/**
 * Shortens an address so it no longer points at one household: IPv4 to its /24
 * (203.0.113.0), IPv6 to its /48 (2001:db8:85a3::). Anything unparsable is dropped.
 */
export function truncateIp(address: string | undefined): string | null {
  if (!address) return null;
  const mapped = address.startsWith('::ffff:') && net.isIPv4(address.slice(7)) ? address.slice(7) : address;
  if (net.isIPv4(mapped)) {
    const parts = mapped.split('.');
    return `${parts[0]}.${parts[1]}.${parts[2]}.0/24`;
  }
  if (net.isIPv6(mapped)) {
    const groups = expandIpv6(mapped);
    return `${groups
      .slice(0, 3)
      .map((g) => g.replace(/^0+(?=.)/, ''))
      .join(':')}::/48`;
  }
  return null;
}

function expandIpv6(address: string): string[] {
  const [head, tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') && tail ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  return [...left, ...Array(Math.max(0, missing)).fill('0'), ...right];
}
