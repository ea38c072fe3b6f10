// Which IP addresses a webhook may be delivered to outside development mode (docs/webhooks.md,
// "Answering, retries and disabling"): only globally reachable unicast addresses. Everything else (loopback, private,
// link-local, CGNAT, multicast, reserved, documentation and benchmark ranges) could reach the
// service's own network, so a delivery there is refused. Pure: no I/O, no DNS.
//
// IPv6 is judged by an allow-list (only 2000::/3 is global unicast) plus a few deny ranges
// inside it, so space IANA has not allocated is refused too. Forms that carry an IPv4 address
// (IPv4-mapped, IPv4-compatible, NAT64, 6to4) are judged by that IPv4 address, so
// `::ffff:127.0.0.1` is as private as `127.0.0.1`.
import { isIP } from 'node:net';

/** A CIDR range over an address's bytes. */
interface Range {
  bytes: readonly number[];
  prefix: number;
}

function inRange(address: readonly number[], range: Range): boolean {
  let bits = range.prefix;
  for (let i = 0; bits > 0; i++) {
    const take = Math.min(8, bits);
    const mask = (0xff << (8 - take)) & 0xff;
    if (((address[i] ?? 0) & mask) !== ((range.bytes[i] ?? 0) & mask)) return false;
    bits -= take;
  }
  return true;
}

/** Parses `a.b.c.d` (as node:net isIPv4 accepts it: decimal, no leading zeros) into 4 bytes. */
function parseIPv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const bytes: number[] = [];
  for (const part of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(part)) return null;
    const value = Number(part);
    if (value > 255) return null;
    bytes.push(value);
  }
  return bytes;
}

/** Parses an IPv6 address (with `::`, an optional trailing dotted IPv4 and a zone) into 16 bytes. */
function parseIPv6(text: string): number[] | null {
  // The zone (`%eth0`) only says which interface; it never changes what the address is.
  const zone = text.indexOf('%');
  const address = zone === -1 ? text : text.slice(0, zone);
  const halves = address.split('::');
  if (halves.length > 2) return null;

  const groupsOf = (half: string): number[] | null => {
    if (half === '') return [];
    const groups: number[] = [];
    const parts = half.split(':');
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i]!;
      if (i === parts.length - 1 && part.includes('.')) {
        const v4 = parseIPv4(part);
        if (!v4) return null;
        groups.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
      } else if (/^[0-9a-f]{1,4}$/i.test(part)) {
        groups.push(parseInt(part, 16));
      } else {
        return null;
      }
    }
    return groups;
  };

  const head = groupsOf(halves[0]!);
  const tail = halves.length === 2 ? groupsOf(halves[1]!) : [];
  if (!head || !tail) return null;
  // A trailing IPv4 is only allowed at the very end of the address.
  if (halves.length === 2 && halves[0]!.includes('.')) return null;
  let groups: number[];
  if (halves.length === 2) {
    const missing = 8 - head.length - tail.length;
    if (missing < 1) return null;
    groups = [...head, ...new Array<number>(missing).fill(0), ...tail];
  } else {
    groups = head;
  }
  if (groups.length !== 8) return null;
  return groups.flatMap((group) => [group >> 8, group & 0xff]);
}

function range(bytes: number[], prefix: number): Range {
  return { bytes, prefix };
}

// IANA IPv4 Special-Purpose Address Registry (RFC 6890 and updates), plus multicast and the
// old class E; none of these is a place a webhook receiver can legitimately live.
const IPV4_NOT_PUBLIC: readonly Range[] = [
  range([0, 0, 0, 0], 8), // "this network", including the unspecified 0.0.0.0
  range([10, 0, 0, 0], 8), // private
  range([100, 64, 0, 0], 10), // carrier-grade NAT (shared address space)
  range([127, 0, 0, 0], 8), // loopback
  range([169, 254, 0, 0], 16), // link-local (cloud metadata services live here)
  range([172, 16, 0, 0], 12), // private
  range([192, 0, 0, 0], 24), // IETF protocol assignments
  range([192, 0, 2, 0], 24), // documentation (TEST-NET-1)
  range([192, 88, 99, 0], 24), // deprecated 6to4 relay anycast
  range([192, 168, 0, 0], 16), // private
  range([198, 18, 0, 0], 15), // benchmarking
  range([198, 51, 100, 0], 24), // documentation (TEST-NET-2)
  range([203, 0, 113, 0], 24), // documentation (TEST-NET-3)
  range([224, 0, 0, 0], 4), // multicast
  range([240, 0, 0, 0], 4), // reserved (class E), including broadcast 255.255.255.255
];

function isPublicIPv4(bytes: readonly number[]): boolean {
  return !IPV4_NOT_PUBLIC.some((r) => inRange(bytes, r));
}

const V6 = (groups: number[], prefix: number): Range => ({
  bytes: groups.flatMap((group) => [group >> 8, group & 0xff]),
  prefix,
});

const IPV4_MAPPED = V6([0, 0, 0, 0, 0, 0xffff, 0, 0], 96); // ::ffff:a.b.c.d
const IPV4_COMPATIBLE = V6([0, 0, 0, 0, 0, 0, 0, 0], 96); // ::a.b.c.d (deprecated)
const NAT64 = V6([0x64, 0xff9b, 0, 0, 0, 0, 0, 0], 96); // 64:ff9b::a.b.c.d (RFC 6052)
const SIX_TO_FOUR = V6([0x2002, 0, 0, 0, 0, 0, 0, 0], 16); // 2002:aabb:ccdd::/48 (RFC 3056)
const GLOBAL_UNICAST = V6([0x2000, 0, 0, 0, 0, 0, 0, 0], 3);

// Ranges inside 2000::/3 that are not globally reachable unicast.
const IPV6_NOT_PUBLIC: readonly Range[] = [
  // IETF protocol assignments: Teredo 2001::/32 (tunnels to an arbitrary IPv4 address),
  // benchmarking 2001:2::/48, ORCHID; real allocations start at 2001:200::.
  V6([0x2001, 0, 0, 0, 0, 0, 0, 0], 23),
  V6([0x2001, 0x0db8, 0, 0, 0, 0, 0, 0], 32), // documentation
  V6([0x3fff, 0, 0, 0, 0, 0, 0, 0], 20), // documentation (RFC 9637)
];

function isPublicIPv6(bytes: readonly number[]): boolean {
  // Forms that embed an IPv4 address are exactly as public as that address. The unspecified
  // address :: and loopback ::1 fall in the IPv4-compatible range and come out as 0.0.0.0/8,
  // which is not public either.
  if (inRange(bytes, IPV4_MAPPED) || inRange(bytes, IPV4_COMPATIBLE) || inRange(bytes, NAT64)) {
    return isPublicIPv4(bytes.slice(12, 16));
  }
  if (inRange(bytes, SIX_TO_FOUR)) return isPublicIPv4(bytes.slice(2, 6));
  // Outside 2000::/3: unique local fc00::/7, link-local fe80::/10, multicast ff00::/8, the
  // discard prefix 100::/64, local-use NAT64 64:ff9b:1::/48, SIIT ::ffff:0:0:0/96 and space
  // not yet allocated.
  if (!inRange(bytes, GLOBAL_UNICAST)) return false;
  return !IPV6_NOT_PUBLIC.some((r) => inRange(bytes, r));
}

/**
 * True when `ip` is a globally reachable unicast address a webhook may be delivered to.
 * Anything that is not an IP address (as node:net isIP judges it) is not public.
 */
export function isPublicAddress(ip: string): boolean {
  const family = isIP(ip);
  if (family === 4) {
    const bytes = parseIPv4(ip);
    return bytes !== null && isPublicIPv4(bytes);
  }
  if (family === 6) {
    const bytes = parseIPv6(ip);
    return bytes !== null && isPublicIPv6(bytes);
  }
  return false;
}
