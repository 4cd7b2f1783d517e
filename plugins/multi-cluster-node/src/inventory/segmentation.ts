import {
  CLUSTER_ANNOTATIONS,
  FLOTILLA_ANNOTATION_PREFIX,
  parseResourceListAnnotation,
} from '@flotilla/plugin-multi-cluster-common';
import { ClusterRecord } from './types';
import { errorMessage } from '../util/errorMessage';

/**
 * The segmentation fields read as they are from their `flotilla.io/` label
 * or annotation, each with the short label key that mirrors its value.
 */
const SEGMENT_SHORT_LABELS = {
  environment: 'environment',
  region: 'region',
  provider: 'provider',
  tenant: 'tenant',
  workloadClass: 'workload-class',
  jurisdiction: 'jurisdiction',
} as const;

type SegmentField = keyof typeof SEGMENT_SHORT_LABELS;

const SEGMENT_FIELDS = Object.keys(SEGMENT_SHORT_LABELS) as SegmentField[];

/** Short label keys by the `flotilla.io/` key they mirror. */
const SHORT_KEYS: Record<string, string> = Object.fromEntries(
  SEGMENT_FIELDS.map(field => [
    CLUSTER_ANNOTATIONS[field],
    SEGMENT_SHORT_LABELS[field],
  ]),
);

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
    const reason = errorMessage(error);
    return {
      problem: `annotation ${CLUSTER_ANNOTATIONS.capacity} is not used: ${reason}`,
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
 *
 * @public
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
    if (key.startsWith(FLOTILLA_ANNOTATION_PREFIX)) {
      labels[key] = value;
      const short = SHORT_KEYS[key];
      if (short) {
        labels[short] = value;
      }
    }
  }
  for (const field of SEGMENT_FIELDS) {
    const value = merged[CLUSTER_ANNOTATIONS[field]];
    if (value) {
      fields[field] = value;
    }
  }
  const zones = parseList(merged[CLUSTER_ANNOTATIONS.zones]);
  if (zones) {
    fields.zones = zones;
  }
  const declared = parseCapacity(merged[CLUSTER_ANNOTATIONS.capacity]);
  if (declared.capacity) {
    fields.capacity = {
      declared: declared.capacity,
      allocatable: declared.capacity,
    };
  }
  if (declared.problem) {
    fields.problems = [declared.problem];
  }
  const cost = parseNumber(merged[CLUSTER_ANNOTATIONS.costPerCpuHour]);
  if (cost !== undefined) {
    fields.costPerCpuHour = cost;
  }
  fields.labels = labels;
  return fields;
}

/**
 * Adds short segmentation keys to a label map built from typed fields.
 *
 * @public
 */
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
  for (const field of SEGMENT_FIELDS) {
    const key = SEGMENT_SHORT_LABELS[field];
    const value = fields[field];
    if (value !== undefined && out[key] === undefined) {
      out[key] = value;
    }
  }
  return out;
}
