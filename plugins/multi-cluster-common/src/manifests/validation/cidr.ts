/**
 * CIDR parsing and overlap checks for the pod and service networks of a
 * cluster (IPv4 and IPv6, no host bits set, no overlaps).
 */

/**
 * A parsed CIDR block.
 *
 * @public
 */
export interface ParsedCidr {
  /** The CIDR as given. */
  text: string;
  family: 4 | 6;
  /** First address of the block. */
  network: bigint;
  prefixLength: number;
}

const IPV4_OCTET = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

function parseIpv4(text: string): bigint | undefined {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every(p => IPV4_OCTET.test(p))) {
    return undefined;
  }
  return parts.reduce(
    (acc, part) => (acc << BigInt(8)) + BigInt(Number(part)),
    BigInt(0),
  );
}

function parseIpv6(text: string): bigint | undefined {
  if (!/^[0-9a-fA-F:.]+$/.test(text)) return undefined;
  const doubleColon = text.split('::');
  if (doubleColon.length > 2) return undefined;
  const toGroups = (part: string): number[] | undefined => {
    if (part === '') return [];
    const groups: number[] = [];
    const pieces = part.split(':');
    for (let i = 0; i < pieces.length; i++) {
      const piece = pieces[i];
      if (i === pieces.length - 1 && piece.includes('.')) {
        const v4 = parseIpv4(piece);
        if (v4 === undefined) return undefined;
        groups.push(Number(v4 >> BigInt(16)), Number(v4 & BigInt(0xffff)));
      } else if (/^[0-9a-fA-F]{1,4}$/.test(piece)) {
        groups.push(parseInt(piece, 16));
      } else {
        return undefined;
      }
    }
    return groups;
  };
  const head = toGroups(doubleColon[0]);
  const tail = doubleColon.length === 2 ? toGroups(doubleColon[1]) : [];
  if (!head || !tail) return undefined;
  let groups: number[];
  if (doubleColon.length === 2) {
    const missing = 8 - head.length - tail.length;
    if (missing < 1) return undefined;
    groups = [...head, ...new Array<number>(missing).fill(0), ...tail];
  } else {
    groups = head;
  }
  if (groups.length !== 8) return undefined;
  return groups.reduce(
    (acc, group) => (acc << BigInt(16)) + BigInt(group),
    BigInt(0),
  );
}

function formatIpv4(value: bigint): string {
  const octets: number[] = [];
  for (let i = 3; i >= 0; i--) {
    octets.push(Number((value >> BigInt(i * 8)) & BigInt(0xff)));
  }
  return octets.join('.');
}

function formatIpv6(value: bigint): string {
  const groups: string[] = [];
  for (let i = 7; i >= 0; i--) {
    groups.push(((value >> BigInt(i * 16)) & BigInt(0xffff)).toString(16));
  }
  // Compress the longest run of zero groups, as RFC 5952 recommends.
  let bestStart = -1;
  let bestLength = 0;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== '0') {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === '0') j++;
    if (j - i > bestLength && j - i > 1) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j;
  }
  if (bestStart < 0) return groups.join(':');
  const left = groups.slice(0, bestStart).join(':');
  const right = groups.slice(bestStart + bestLength).join(':');
  return `${left}::${right}`;
}

/**
 * A parsed CIDR block, or why the text is not one.
 *
 * @public
 */
export type CidrResult = { cidr: ParsedCidr } | { error: string };

/**
 * Parses a CIDR block, explaining what is wrong when it is not valid.
 *
 * @public
 */
export function parseCidr(text: string): CidrResult {
  const shown = JSON.stringify(text);
  const slash = text.indexOf('/');
  if (slash < 0 || slash !== text.lastIndexOf('/')) {
    return {
      error: `${shown} is not a CIDR block: expected address/prefix, e.g. 10.96.0.0/12 or fd00:10:96::/108`,
    };
  }
  const address = text.slice(0, slash);
  const prefixText = text.slice(slash + 1);
  if (!/^(0|[1-9]\d{0,2})$/.test(prefixText)) {
    return { error: `${shown} has an invalid prefix length "${prefixText}"` };
  }
  const prefixLength = Number(prefixText);
  const isV6 = address.includes(':');
  const family: 4 | 6 = isV6 ? 6 : 4;
  const bits = isV6 ? 128 : 32;
  const network = isV6 ? parseIpv6(address) : parseIpv4(address);
  if (network === undefined) {
    return {
      error: `${shown} is not a CIDR block: "${address}" is not a valid IPv${family} address`,
    };
  }
  if (prefixLength > bits) {
    return {
      error: `${shown} has prefix length ${prefixLength}, but IPv${family} allows at most /${bits}`,
    };
  }
  const hostBits = BigInt(bits - prefixLength);
  const hostMask = (BigInt(1) << hostBits) - BigInt(1);
  if ((network & hostMask) !== BigInt(0)) {
    const base = network & ~hostMask;
    const suggestion = `${
      isV6 ? formatIpv6(base) : formatIpv4(base)
    }/${prefixLength}`;
    return {
      error: `${shown} has host bits set; did you mean ${suggestion}?`,
    };
  }
  return { cidr: { text, family, network, prefixLength } };
}

/**
 * Why `text` is not a valid CIDR block, or undefined.
 *
 * @public
 */
export function cidrError(text: string): string | undefined {
  const result = parseCidr(text);
  return 'error' in result ? result.error : undefined;
}

/**
 * True when the two blocks share at least one address.
 *
 * @public
 */
export function cidrsOverlap(a: ParsedCidr, b: ParsedCidr): boolean {
  if (a.family !== b.family) return false;
  const bits = a.family === 6 ? 128 : 32;
  const shorter = Math.min(a.prefixLength, b.prefixLength);
  const shift = BigInt(bits - shorter);
  return a.network >> shift === b.network >> shift;
}
