import { z } from 'zod';
import {
  labelValueError,
  qualifiedNameError,
} from '../../scheduling/matching/labelSyntax';
import { boundedRecord, checkedText } from './bounded';
import { clipForMessage } from './request';

/**
 * Sizes every request field is held to.
 *
 * @public
 */
export const REQUEST_LIMITS = {
  /**
   * Clusters posted with a simulation. Checking one costs a few
   * microseconds and scheduling it more: 5,000 keep a request's work (and
   * its JSON, about 1.3 MB) well under 100 ms. The live fleet has no limit.
   */
  clusters: 5_000,
  /** Clusters named by a reachability requirement, all dependencies together. */
  dependencyClusters: 20_000,
  /** Labels of a cluster, or labels a request filters or requires. */
  labels: 100,
  /** Names in a list (regions, jurisdictions, excluded clusters, ...). */
  names: 1_000,
  /** Cluster sets of a cluster. */
  clusterSets: 100,
  zones: 64,
  taints: 64,
  tolerations: 100,
  /** Dependencies of a reachability requirement, or dependsOn refs. */
  dependencies: 200,
  /** Replicas of a workload. */
  replicas: 100_000,
  /** A name such as a region, provider or cluster set. */
  nameLength: 253,
  /** A failover's reason. */
  reasonLength: 2_000,
  /** A single query-string value (a comma-separated list). */
  queryValueLength: 4_096,
  /** Largest Kubernetes int32 (availableReplicas). */
  int32: 2_147_483_647,
} as const;

/**
 * Names no map key may take: a plain object has them already
 * (`__proto__` even changes its prototype), so code reading the map would see
 * a function or another object instead of the value.
 */
export function isReservedKey(key: string): boolean {
  return key === 'prototype' || key in Object.prototype;
}

/** `text`, quoted and clipped for an error message. */
export function quoted(text: string): string {
  return `'${clipForMessage(text, 32)}'`;
}

/**
 * A cluster of the fleet: letters, digits, `-`, `_` and `.` (catalog names).
 *
 * @public
 */
export const clusterNameSchema = z
  .string()
  .min(1)
  .max(253)
  .regex(
    /^[a-zA-Z0-9]([-a-zA-Z0-9_.]*[a-zA-Z0-9])?$/,
    "invalid cluster name: letters, digits, '-', '_' or '.', starting and ending with a letter or digit",
  );

/** A Kubernetes object name (RFC 1123 subdomain), e.g. a MachineDeployment. */
export const kubernetesObjectNameSchema = z
  .string()
  .min(1)
  .max(253)
  .regex(
    /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/,
    'must be a lowercase RFC 1123 name',
  );

/** A short free-form name: a region, provider, zone, jurisdiction, set. */
export const shortNameSchema = z.string().min(1).max(REQUEST_LIMITS.nameLength);

/** Why `key` is not a qualified name fit for a map key, or undefined. */
function qualifiedKeyProblem(key: string): string | undefined {
  if (isReservedKey(key)) return 'is reserved';
  return qualifiedNameError(key);
}

/**
 * A label key (`[prefix/]name`), never a name every object has.
 *
 * @public
 */
export const labelKeySchema = checkedText(317, key => {
  const problem = qualifiedKeyProblem(key);
  return problem && `invalid label key ${quoted(key)}: ${problem}`;
});

/**
 * A label value (at most 63 characters, may be empty).
 *
 * @public
 */
export const labelValueSchema = checkedText(63, value => {
  const problem = labelValueError(value);
  return problem && `invalid label value ${quoted(value)}: ${problem}`;
});

/**
 * Labels: valid keys and values, at most {@link REQUEST_LIMITS.labels}.
 *
 * @public
 */
export const labelMapSchema = boundedRecord(
  labelKeySchema,
  labelValueSchema,
  REQUEST_LIMITS.labels,
);

/**
 * C0 controls but tab, line feed and carriage return; DEL and C1; an
 * unpaired surrogate (not text: PostgreSQL refuses it in UTF-8 columns).
 */
const UNPRINTABLE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Free text that is stored (a reason, an idempotency key): printable,
 * non-empty once trimmed, at most `maxLength` characters.
 */
export function printableTextSchema(maxLength: number) {
  return checkedText(
    maxLength,
    text => {
      if (text.length === 0) return 'must not be empty';
      return UNPRINTABLE.test(text)
        ? 'must not contain control characters or unpaired surrogates'
        : undefined;
    },
    { normalize: text => text.trim() },
  );
}

/**
 * An entity reference, `[kind:][namespace/]name`.
 *
 * @public
 */
export const entityRefSchema = z
  .string()
  .min(1)
  .max(255)
  .regex(
    /^([a-zA-Z0-9-_]+:)?([a-zA-Z0-9-_.]+\/)?[a-zA-Z0-9-_.]+$/,
    'must be an entity ref such as component:default/checkout',
  );

const entityPart = (what: string) =>
  z
    .string()
    .min(1)
    .max(63)
    .regex(/^[a-zA-Z0-9][a-zA-Z0-9-_.]*$/, `invalid entity ${what}`);

/** The kind, namespace and name of an entity (route path parameters). */
export const entityNameShape = {
  kind: entityPart('kind'),
  namespace: entityPart('namespace'),
  name: entityPart('name'),
};
