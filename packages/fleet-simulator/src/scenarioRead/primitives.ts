/**
 * The scenario's validation, by hand so every message names the entry and
 * the field: the readers of JSON values every entry is read with, and the
 * patterns and sets its fields must match.
 */
import type { AddonState, FabricKind, ScenarioAddon } from '../scenario';

export class ScenarioError extends Error {}

export type Json = unknown;

export const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
export const QUANTITY = /^[0-9]+(\.[0-9]+)?(m|k|Ki|Mi|Gi|Ti|Pi|Ei|M|G|T|P|E)?$/;
export const RESOURCE_NAME =
  /^([a-z0-9.-]+\/)?[a-zA-Z0-9]([-a-zA-Z0-9_.]*[a-zA-Z0-9])?$/;
export const CIDR = /^(\d{1,3}(\.\d{1,3}){3}\/\d{1,2}|[0-9a-fA-F:]+\/\d{1,3})$/;
export const VERSION = /^v\d+\.\d+\.\d+$/;
export const TAINT_EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];
export const FABRIC_KINDS: FabricKind[] = [
  'istio',
  'cilium-clustermesh',
  'mcs',
];
export const ADDON_STATES: AddonState[] = [
  'in-sync',
  'drifted',
  'missing',
  'unknown',
];
export const DELIVERIES: ScenarioAddon['delivery'][] = [
  'argocd-applicationset',
  'fleet-gitrepo',
  'karmada-clusterpropagationpolicy',
];

export function fail(where: string, message: string): never {
  throw new ScenarioError(`${where}: ${message}`);
}

export function object(value: Json, where: string): Record<string, Json> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    fail(where, 'expected a mapping');
  }
  return value as Record<string, Json>;
}

export function only(
  value: Record<string, Json>,
  keys: string[],
  where: string,
) {
  const unknown = Object.keys(value).filter(k => !keys.includes(k));
  if (unknown.length > 0) {
    fail(
      where,
      `unknown key(s) ${unknown.join(', ')}; expected ${keys.join(', ')}`,
    );
  }
}

export function string(value: Json, where: string, pattern?: RegExp): string {
  if (typeof value !== 'string' || value.length === 0) {
    fail(where, 'expected a non-empty string');
  }
  if (pattern && !pattern.test(value)) {
    fail(where, `'${value}' does not match ${pattern}`);
  }
  return value;
}

export function optional<T>(value: Json, read: (v: Json) => T): T | undefined {
  return value === undefined ? undefined : read(value);
}

export function list<T>(
  value: Json,
  where: string,
  read: (v: Json, w: string) => T,
): T[] {
  if (!Array.isArray(value)) fail(where, 'expected a list');
  return value.map((item, i) => read(item, `${where}[${i}]`));
}

export function oneOf<T extends string>(
  value: Json,
  allowed: T[],
  where: string,
): T {
  if (!allowed.includes(value as T)) {
    fail(where, `'${String(value)}' is not one of ${allowed.join(', ')}`);
  }
  return value as T;
}

export function count(value: Json, where: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    fail(where, `expected a whole number >= 0, got ${JSON.stringify(value)}`);
  }
  return value;
}

export function resources(value: Json, where: string): Record<string, string> {
  const map = object(value, where);
  const result: Record<string, string> = {};
  for (const [name, quantity] of Object.entries(map)) {
    if (!RESOURCE_NAME.test(name))
      fail(where, `'${name}' is not a resource name`);
    const text = typeof quantity === 'number' ? String(quantity) : quantity;
    result[name] = string(text, `${where}.${name}`, QUANTITY);
  }
  if (Object.keys(result).length === 0)
    fail(where, 'expected at least one resource');
  return result;
}
