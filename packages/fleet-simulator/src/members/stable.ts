import { createHash } from 'node:crypto';

/** A short hex id that is the same on every run for the same text. */
export function stableHex(text: string, length: number): string {
  return createHash('sha256').update(text).digest('hex').slice(0, length);
}

/**
 * A stable public address for a cloud load balancer, in TEST-NET-3
 * (203.0.113.0/24, RFC 5737): looks like what a cloud controller writes,
 * routes nowhere.
 */
export function loadBalancerIp(text: string): string {
  const n = Number.parseInt(stableHex(text, 2), 16);
  return `203.0.113.${Math.max(1, n % 255)}`;
}

/** Metadata every seeded object carries: who put it there. */
export const SEEDED_BY = {
  'app.kubernetes.io/managed-by': 'flotilla-fleet-simulator',
};
