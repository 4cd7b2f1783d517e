/**
 * Test helper: the recorded decisions of Karmada's real scheduler (see
 * README.md beside this file) as schedule requests, and both sides of a case
 * as one comparable decision.
 *
 * Not exported from the package: tests load it directly.
 */
import fs from 'fs';
import path from 'path';
import { isDeepStrictEqual } from 'util';
import type { KarmadaPlacement, TaintEffect } from '../placement';
import type { KarmadaVersion } from '../versionRules';
import type {
  ApiEnablement,
  ResourceSummary,
  ScheduleRequest,
  ScheduleResult,
  TargetCluster,
} from '../types';

/** Versions with a recorded corpus (`<version>.json` beside this file). */
export const CORPUS_VERSIONS = ['v1.16.8', 'v1.18.2'] as const;

export type CorpusVersion = (typeof CORPUS_VERSIONS)[number];

/** A member cluster as the recorder created it. */
export interface CorpusCluster {
  name: string;
  labels: Record<string, string>;
  /** Cluster spec fields; an empty string means the field was not set. */
  provider: string;
  region: string;
  zones: string[];
  taints: {
    key: string;
    value?: string;
    effect: TaintEffect;
    timeAdded?: string;
  }[];
  /** `null`: not reported. */
  resourceSummary: ResourceSummary | null;
  apiEnablements: ApiEnablement[];
}

/** Karmada's decision as read back from the ResourceBinding. */
export interface RecordedDecision {
  scheduled: boolean;
  clusters: TargetCluster[];
  reason: string;
  message: string;
  affinityName: string | null;
  specClustersAfter: TargetCluster[] | null;
}

export interface KarmadaCase {
  id: string;
  category: string;
  karmadaVersion: string;
  input: {
    clusters: CorpusCluster[];
    resource: { apiVersion: string; kind: string };
    replicas: number;
    replicaRequirements: ScheduleRequest['replicaRequirements'] | null;
    placement: KarmadaPlacement;
    previous: { name: string; replicas: number }[];
    fresh: boolean;
    resourceUid: string;
  };
  karmada: RecordedDecision;
}

/** What a test compares: Karmada's outcome of one case. */
export interface Decision {
  scheduled: boolean;
  /** Target clusters sorted by name (empty when not scheduled). */
  clusters: TargetCluster[];
  /** `Scheduled` condition reason (`Success` when scheduled). */
  reason: string;
  /** Condition message on failure; undefined when scheduled. */
  message?: string;
  affinityName?: string;
  /** spec.clusters after the attempt, sorted by name. */
  specClustersAfter: TargetCluster[];
}

/** The recorded cases of one Karmada version. */
export function loadCorpus(version: CorpusVersion): KarmadaCase[] {
  const file = path.join(__dirname, `${version}.json`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as KarmadaCase[];
}

const unsetIfEmpty = (value: string): string | undefined => value || undefined;

/** The case's input as a ScheduleRequest for the case's Karmada version. */
export function toScheduleRequest(recorded: KarmadaCase): ScheduleRequest {
  const { input } = recorded;
  return {
    karmadaVersion: recorded.karmadaVersion as KarmadaVersion,
    resource: input.resource,
    replicas: input.replicas,
    placement: input.placement,
    clusters: input.clusters.map(cluster => ({
      name: cluster.name,
      labels: cluster.labels,
      provider: unsetIfEmpty(cluster.provider),
      region: unsetIfEmpty(cluster.region),
      zones: cluster.zones,
      taints: cluster.taints.map(taint => ({
        key: taint.key,
        value: taint.value || undefined,
        effect: taint.effect,
        timeAdded: taint.timeAdded || undefined,
      })),
      resourceSummary: cluster.resourceSummary ?? undefined,
      apiEnablements: cluster.apiEnablements,
    })),
    previous: input.previous.length > 0 ? input.previous : undefined,
    replicaRequirements: input.replicaRequirements ?? undefined,
    uid: input.resourceUid,
    fresh: input.fresh,
  };
}

function byName(left: TargetCluster, right: TargetCluster): number {
  if (left.name < right.name) return -1;
  return left.name > right.name ? 1 : 0;
}

const sortedByName = (targets: readonly TargetCluster[]): TargetCluster[] =>
  targets.map(({ name, replicas }) => ({ name, replicas })).sort(byName);

/** Karmada's recorded decision of a case. */
export function recordedDecision(recorded: KarmadaCase): Decision {
  const { karmada } = recorded;
  return {
    scheduled: karmada.scheduled,
    clusters: sortedByName(karmada.clusters),
    reason: karmada.reason,
    message: karmada.scheduled ? undefined : karmada.message,
    affinityName: karmada.affinityName ?? undefined,
    specClustersAfter: sortedByName(karmada.specClustersAfter ?? []),
  };
}

/** A scheduling failure as the engine reports it (PlacementError's fields). */
export interface FailureLike {
  reason: string;
  message: string;
  clearsPlacement?: boolean;
}

/** Flotilla's decision from a successful result. */
export function decisionOfResult(result: ScheduleResult): Decision {
  const clusters = sortedByName(result.targets);
  return {
    scheduled: true,
    clusters,
    reason: 'Success',
    message: undefined,
    affinityName: result.affinityName,
    specClustersAfter: clusters,
  };
}

/**
 * Flotilla's decision from a failure: a FitError clears spec.clusters, other
 * failures leave the previous assignment in place.
 */
export function decisionOfFailure(
  failure: FailureLike,
  recorded: KarmadaCase,
): Decision {
  return {
    scheduled: false,
    clusters: [],
    reason: failure.reason,
    message: failure.message,
    affinityName: undefined,
    specClustersAfter: failure.clearsPlacement
      ? []
      : sortedByName(recorded.input.previous),
  };
}

/** Plain data, as it would be sent as JSON (undefined fields dropped). */
const asJson = (decision: Decision): unknown =>
  JSON.parse(JSON.stringify(decision));

/** True when two decisions agree on every compared field. */
export function sameDecision(left: Decision, right: Decision): boolean {
  return isDeepStrictEqual(asJson(left), asJson(right));
}
