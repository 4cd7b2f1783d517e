import { parseResourceListAnnotation } from '@flotilla/plugin-multi-cluster-common';
import { ClusterRecord } from './types';

/** Prefix of Flotilla's segmentation labels and annotations. */
export const FLOTILLA_PREFIX = 'flotilla.io/';

export const ANNOTATION_ENVIRONMENT = 'flotilla.io/environment';
export const ANNOTATION_REGION = 'flotilla.io/region';
export const ANNOTATION_PROVIDER = 'flotilla.io/provider';
export const ANNOTATION_TENANT = 'flotilla.io/tenant';
export const ANNOTATION_WORKLOAD_CLASS = 'flotilla.io/workload-class';
export const ANNOTATION_ZONES = 'flotilla.io/zones';
export const ANNOTATION_CAPACITY = 'flotilla.io/capacity';
export const ANNOTATION_COST_PER_CPU_HOUR = 'flotilla.io/cost-per-cpu-hour';
export const ANNOTATION_JURISDICTION = 'flotilla.io/jurisdiction';
export const ANNOTATION_MANAGEMENT_CLUSTER = 'flotilla.io/management-cluster';
export const ANNOTATION_CAPI_CLUSTER = 'flotilla.io/capi-cluster';
export const ANNOTATION_PLACEMENT = 'flotilla.io/placement';

/** Short label keys that mirror segmentation values. */
const SHORT_KEYS: Record<string, string> = {
  [ANNOTATION_ENVIRONMENT]: 'environment',
  [ANNOTATION_REGION]: 'region',
  [ANNOTATION_PROVIDER]: 'provider',
  [ANNOTATION_TENANT]: 'tenant',
  [ANNOTATION_WORKLOAD_CLASS]: 'workload-class',
  [ANNOTATION_JURISDICTION]: 'jurisdiction',
};

/**
 * Reads the `flotilla.io/capacity` annotation (`cpu=64,memory=256Gi,
 * nvidia.com/gpu=8`) with common's resource list rules: every key a
 * resource name (never `__proto__` or another `Object.prototype` member),
 * every value a quantity. A bad annotation is not used at all (it was
 * written by hand, and half of a declaration is no declaration); the
 * problem names the annotation and the first bad entry.
 */
export function parseCapacity(value: string | undefined): {
  capacity?: Record<string, string>;
  problem?: string;
} {
  if (!value || !value.trim()) {
    return {};
  }
  try {
    const capacity = parseResourceListAnnotation(value);
    return Object.keys(capacity).length ? { capacity } : {};
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      problem: `annotation ${ANNOTATION_CAPACITY} is not used: ${reason}`,
    };
  }
}

export function parseList(value: string | undefined): string[] | undefined {
  if (!value) {
    return undefined;
  }
  const items = value
    .split(',')
    .map(s => s.trim())
    .filter(Boolean);
  return items.length ? items : undefined;
}

function parseNumber(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') {
    return undefined;
  }
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * Reads segmentation fields from a merged label/annotation map (catalog
 * annotations, Kubernetes labels of Karmada or CAPI clusters).
 */
export function segmentationFromMetadata(
  ...maps: (Record<string, string> | undefined)[]
): ClusterRecord['fields'] {
  // No prototype: a `__proto__` or `constructor` key reads as itself.
  const merged: Record<string, string> = Object.create(null);
  for (const m of maps) {
    for (const [key, value] of Object.entries(m ?? {})) {
      if (typeof value === 'string') merged[key] = value;
    }
  }
  const fields: ClusterRecord['fields'] = {};
  const labels: Record<string, string> = {};
  for (const [key, value] of Object.entries(merged)) {
    if (key.startsWith(FLOTILLA_PREFIX)) {
      labels[key] = value;
      const short = SHORT_KEYS[key];
      if (short) {
        labels[short] = value;
      }
    }
  }
  if (merged[ANNOTATION_ENVIRONMENT]) {
    fields.environment = merged[ANNOTATION_ENVIRONMENT];
  }
  if (merged[ANNOTATION_REGION]) {
    fields.region = merged[ANNOTATION_REGION];
  }
  if (merged[ANNOTATION_PROVIDER]) {
    fields.provider = merged[ANNOTATION_PROVIDER];
  }
  if (merged[ANNOTATION_TENANT]) {
    fields.tenant = merged[ANNOTATION_TENANT];
  }
  if (merged[ANNOTATION_WORKLOAD_CLASS]) {
    fields.workloadClass = merged[ANNOTATION_WORKLOAD_CLASS];
  }
  if (merged[ANNOTATION_JURISDICTION]) {
    fields.jurisdiction = merged[ANNOTATION_JURISDICTION];
  }
  const zones = parseList(merged[ANNOTATION_ZONES]);
  if (zones) {
    fields.zones = zones;
  }
  const declared = parseCapacity(merged[ANNOTATION_CAPACITY]);
  if (declared.capacity) {
    fields.capacity = {
      declared: declared.capacity,
      allocatable: declared.capacity,
    };
  }
  if (declared.problem) {
    fields.problems = [declared.problem];
  }
  const cost = parseNumber(merged[ANNOTATION_COST_PER_CPU_HOUR]);
  if (cost !== undefined) {
    fields.costPerCpuHour = cost;
  }
  fields.labels = labels;
  return fields;
}

/** Adds short segmentation keys to a label map built from typed fields. */
export function withShortLabels(
  labels: Record<string, string>,
  fields: {
    environment?: string;
    region?: string;
    provider?: string;
    tenant?: string;
    workloadClass?: string;
    jurisdiction?: string;
  },
): Record<string, string> {
  const out = { ...labels };
  const pairs: [string, string | undefined][] = [
    ['environment', fields.environment],
    ['region', fields.region],
    ['provider', fields.provider],
    ['tenant', fields.tenant],
    ['workload-class', fields.workloadClass],
    ['jurisdiction', fields.jurisdiction],
  ];
  for (const [k, v] of pairs) {
    if (v !== undefined && out[k] === undefined) {
      out[k] = v;
    }
  }
  return out;
}
