import { SERVICE_ANNOTATIONS } from '../fleet/annotations';
import { parseDuration } from '../fleet/duration';
import {
  karmadaPlacementSchema,
  type KarmadaPlacement,
} from '../scheduling/placement';
import { parseResourceListAnnotation } from '../fleet/annotations';
import { parse as parseYaml } from 'yaml';
import { DR_STRATEGIES, isDrStrategyId, type DrStrategyId } from './strategies';

/**
 * What a service declares about its placement and recovery, read from its
 * catalog entity's `flotilla.io/*` annotations.
 *
 * @public
 */
export interface ServiceDrSpec {
  /** The entity ref, e.g. `component:default/checkout`. */
  entityRef: string;
  strategy: DrStrategyId;
  rtoSeconds?: number;
  rpoSeconds?: number;
  replicas?: number;
  placement?: KarmadaPlacement;
  primaryCluster?: string;
  standbyCluster?: string;
  resourceRequest?: Record<string, string>;
  kubernetesId?: string;
  argocdApp?: string;
  /** Recovery priority, 0 the most critical (`flotilla.io/dr-tier`). */
  tier?: number;
  /** Fewest replicas the service may run with (`flotilla.io/min-replicas`). */
  minReplicas?: number;
  /** What detection does when the service's cluster fails; absent means `manual`. */
  failoverPolicy?: FailoverPolicy;
  /** How long a cluster must fail before detection acts; absent means 300. */
  tolerationSeconds?: number;
  /** The Flux Kustomization (`namespace/name`) that deploys the service. */
  fluxKustomization?: string;
  /** What a verified failover does with the GitOps sync it paused; absent means `resume`. */
  gitopsAfterFailover?: GitopsAfterFailover;
  /** The traffic provider and the service's record in it. */
  traffic?: { provider: string; record: string };
  /**
   * URL template of the service's health endpoint on one cluster
   * (`{cluster}`, `{region}`; `{fleet}` at the start: the backend's
   * `multiCluster.failover.healthProbe.fleetUrl`).
   */
  healthProbe?: string;
  /** Velero Schedules whose latest completed Backups hold the service's state. */
  statefulParts?: string[];
}

/**
 * `resume`: a verified failover turns the paused sync back on;
 * `leave-paused`: it stays paused until a person resumes it (the Git
 * source still points at the failed cluster).
 *
 * @public
 */
export type GitopsAfterFailover = 'resume' | 'leave-paused';

/**
 * `manual`: detection records its decision and notifies, a person starts the
 * failover; `automatic`: detection starts it.
 *
 * @public
 */
export type FailoverPolicy = 'manual' | 'automatic';

/** Detection's default window, as Karmada's `decisionConditions.tolerationSeconds`. @public */
export const DEFAULT_FAILOVER_TOLERATION_SECONDS = 300;

function wholeNumber(what: string, max = Number.MAX_SAFE_INTEGER) {
  return (text: string): number => {
    const value = Number(text);
    if (!Number.isInteger(value) || value < 0 || value > max) {
      throw new Error(`expected ${what}, got '${text}'`);
    }
    return value;
  };
}

function gitopsAfterFailover(text: string): GitopsAfterFailover {
  if (text !== 'resume' && text !== 'leave-paused') {
    throw new Error(`expected 'resume' or 'leave-paused', got '${text}'`);
  }
  return text;
}

const NAMESPACED_NAME =
  /^[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?\/[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?$/;
const DNS_LABEL = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;

function namespacedName(text: string): string {
  if (!NAMESPACED_NAME.test(text)) {
    throw new Error(`expected 'namespace/name', got '${text.slice(0, 80)}'`);
  }
  return text;
}

function statefulParts(text: string): string[] {
  const parts = text
    .split(',')
    .map(part => part.trim())
    .filter(Boolean);
  const bad = parts.find(part => !DNS_LABEL.test(part));
  if (bad !== undefined || parts.length > 20) {
    throw new Error(
      `expected up to 20 comma-separated Velero Schedule names, got '${text.slice(
        0,
        80,
      )}'`,
    );
  }
  return [...new Set(parts)];
}

function healthProbe(text: string): string {
  let url: URL;
  try {
    // `{fleet}` may start the template: the backend's configured base URL.
    url = new URL(
      text
        .replace(/^\{fleet\}/, 'http://fleet')
        .replace(/\{(cluster|region)\}/g, 'x'),
    );
  } catch {
    throw new Error(
      `expected an http(s) URL template, got '${text.slice(0, 80)}'`,
    );
  }
  if (
    !['http:', 'https:'].includes(url.protocol) ||
    text.length > 2048 ||
    text.lastIndexOf('{fleet}') > 0
  ) {
    throw new Error(
      `expected an http(s) URL template, got '${text.slice(0, 80)}'`,
    );
  }
  return text;
}

function failoverPolicy(text: string): FailoverPolicy {
  if (text !== 'manual' && text !== 'automatic') {
    throw new Error(`expected 'manual' or 'automatic', got '${text}'`);
  }
  return text;
}

/** The traffic provider and record: both or neither. */
function trafficOf(
  get: (key: string) => string | undefined,
  problems: ServiceSpecProblem[],
): ServiceDrSpec['traffic'] {
  const provider = get(SERVICE_ANNOTATIONS.trafficProvider);
  const record = get(SERVICE_ANNOTATIONS.trafficRecord);
  if (provider === undefined && record === undefined) return undefined;
  if (provider === undefined || record === undefined) {
    const missing =
      provider === undefined
        ? SERVICE_ANNOTATIONS.trafficProvider
        : SERVICE_ANNOTATIONS.trafficRecord;
    problems.push({
      annotation: missing,
      message: `${missing} is required with ${
        provider === undefined
          ? SERVICE_ANNOTATIONS.trafficRecord
          : SERVICE_ANNOTATIONS.trafficProvider
      }`,
    });
    return undefined;
  }
  if (!DNS_LABEL.test(provider) || record.length > 512) {
    problems.push({
      annotation: SERVICE_ANNOTATIONS.trafficProvider,
      message: `expected a provider name and a record of up to 512 characters`,
    });
    return undefined;
  }
  return { provider, record };
}

/** @public */
export interface ServiceSpecProblem {
  annotation: string;
  message: string;
}

type Attempt = <T>(key: string, read: (text: string) => T) => T | undefined;

/** What the runbook's outside-world steps read: GitOps, traffic, probe, state. */
function runbookFieldsOf(
  attempt: Attempt,
  get: (key: string) => string | undefined,
  problems: ServiceSpecProblem[],
): Partial<ServiceDrSpec> {
  return {
    fluxKustomization: attempt(
      SERVICE_ANNOTATIONS.fluxKustomization,
      namespacedName,
    ),
    gitopsAfterFailover: attempt(
      SERVICE_ANNOTATIONS.gitopsAfterFailover,
      gitopsAfterFailover,
    ),
    traffic: trafficOf(get, problems),
    healthProbe: attempt(SERVICE_ANNOTATIONS.healthProbe, healthProbe),
    statefulParts: attempt(SERVICE_ANNOTATIONS.statefulParts, statefulParts),
  };
}

/**
 * Reads a service's DR declaration from its annotations. Returns the spec (or
 * undefined when the service declares no strategy) and every annotation that
 * could not be read, so a typo surfaces instead of being dropped.
 *
 * @public
 */
export function readServiceDrSpec(
  entityRef: string,
  annotations: Record<string, string> | undefined,
): { spec?: ServiceDrSpec; problems: ServiceSpecProblem[] } {
  const problems: ServiceSpecProblem[] = [];
  const get = (key: string) => annotations?.[key]?.trim() || undefined;
  const attempt = <T>(
    key: string,
    read: (text: string) => T,
  ): T | undefined => {
    const text = get(key);
    if (text === undefined) return undefined;
    try {
      return read(text);
    } catch (error) {
      problems.push({ annotation: key, message: (error as Error).message });
      return undefined;
    }
  };

  const strategyText = get(SERVICE_ANNOTATIONS.drStrategy);
  if (strategyText === undefined) return { problems };
  if (!isDrStrategyId(strategyText)) {
    problems.push({
      annotation: SERVICE_ANNOTATIONS.drStrategy,
      message: `unknown strategy '${strategyText}'; expected one of ${Object.keys(
        DR_STRATEGIES,
      ).join(', ')}`,
    });
    return { problems };
  }

  const spec: ServiceDrSpec = {
    entityRef,
    strategy: strategyText,
    rtoSeconds: attempt(SERVICE_ANNOTATIONS.rto, parseDuration),
    rpoSeconds: attempt(SERVICE_ANNOTATIONS.rpo, parseDuration),
    replicas: attempt(
      SERVICE_ANNOTATIONS.replicas,
      wholeNumber('a whole number of replicas'),
    ),
    placement: attempt(SERVICE_ANNOTATIONS.placement, text => {
      const parsed = karmadaPlacementSchema.safeParse(parseYaml(text));
      if (!parsed.success) {
        throw new Error(
          parsed.error.issues
            .map(
              issue =>
                `${issue.path.join('.') || 'placement'}: ${issue.message}`,
            )
            .join('; '),
        );
      }
      return parsed.data as KarmadaPlacement;
    }),
    primaryCluster: get(SERVICE_ANNOTATIONS.primaryCluster),
    standbyCluster: get(SERVICE_ANNOTATIONS.standbyCluster),
    resourceRequest: attempt(SERVICE_ANNOTATIONS.resourceRequest, text =>
      parseResourceListAnnotation(text, { requests: true }),
    ),
    kubernetesId: get(SERVICE_ANNOTATIONS.kubernetesId),
    argocdApp: get(SERVICE_ANNOTATIONS.argocdApp),
    tier: attempt(
      SERVICE_ANNOTATIONS.drTier,
      wholeNumber('a tier from 0 to 9', 9),
    ),
    minReplicas: attempt(
      SERVICE_ANNOTATIONS.minReplicas,
      wholeNumber('a whole number of replicas'),
    ),
    failoverPolicy: attempt(SERVICE_ANNOTATIONS.failoverPolicy, failoverPolicy),
    tolerationSeconds: attempt(
      SERVICE_ANNOTATIONS.failoverToleration,
      parseDuration,
    ),
    ...runbookFieldsOf(attempt, get, problems),
  };
  return { spec, problems };
}
