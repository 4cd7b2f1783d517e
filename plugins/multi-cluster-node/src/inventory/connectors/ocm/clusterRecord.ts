/**
 * Open Cluster Management `ManagedCluster`s as fleet records. The hub is
 * untrusted input: every map and list it serves is bounded in count and
 * length, and what is left out is a finding on the cluster.
 */
import { readResourceList } from '@flotilla/plugin-multi-cluster-common';
import type { ManagedCluster } from '../../../kubernetes/apis/ocm';
import { describeProblems } from '../../findings';
import { segmentationFromMetadata, withShortLabels } from '../../segmentation';
import type { ClusterRecord, FleetCluster } from '../../types';
import { readClaims } from './claims';
import { OCM_LIMITS } from './limits';
import { ocmHealthEvidence } from './ocmHealth';
import {
  asCondition,
  boundedStringMap,
  cut,
  isRecord,
  readConditions,
  readUrl,
} from './servedValues';
import { readTaints } from './taints';
import { OCM_CLAIMS, OCM_CLUSTERSET_LABEL, OCM_CONDITIONS } from './vocabulary';

const TOPOLOGY_REGION = 'topology.kubernetes.io/region';
const TOPOLOGY_ZONE = 'topology.kubernetes.io/zone';

/** `platform.open-cluster-management.io` values as Flotilla's providers. */
const PLATFORMS: Record<string, string> = {
  AWS: 'aws',
  GCP: 'gcp',
  Azure: 'azure',
  IBM: 'ibm',
  IBMPower: 'ibm',
  IBMZ: 'ibm',
  VSphere: 'vsphere',
  OpenStack: 'openstack',
  AlibabaCloud: 'alibaba',
  Equinix: 'equinix',
  BareMetal: 'baremetal',
};

type Fields = ClusterRecord['fields'];
type Served = Record<string, unknown>;

/**
 * Segmentation: flotilla.io/ labels first (a platform team's own
 * declaration), then what the member's agent reports, then the topology
 * labels.
 */
function ocmSegmentation(
  labels: Record<string, string>,
  claims: Record<string, string>,
): Fields {
  const fields = segmentationFromMetadata(labels);
  const platform = claims[OCM_CLAIMS.platform];
  fields.provider =
    fields.provider ??
    (platform ? PLATFORMS[platform] ?? undefined : undefined);
  fields.region =
    fields.region ?? claims[OCM_CLAIMS.region] ?? labels[TOPOLOGY_REGION];
  const zone = labels[TOPOLOGY_ZONE];
  fields.zones = fields.zones ?? (zone ? [zone] : undefined);
  fields.labels = withShortLabels({ ...labels, ...fields.labels }, fields);
  return fields;
}

/** The API server URL the member registered (its first client config). */
function registeredApiServerUrl(spec: Served): {
  url?: string;
  problems: string[];
} {
  const clientConfigs = Array.isArray(spec.managedClusterClientConfigs)
    ? spec.managedClusterClientConfigs
    : [];
  const first = isRecord(clientConfigs[0]) ? clientConfigs[0] : undefined;
  const url = readUrl(first?.url);
  if (first?.url !== undefined && !url) {
    return {
      url,
      problems: [
        'spec.managedClusterClientConfigs[0].url: not an http(s) URL, left out',
      ],
    };
  }
  return { url, problems: [] };
}

/**
 * The hub's allocatable and capacity over what the labels declared;
 * undefined when the hub reports neither.
 */
function hubCapacity(
  status: Served,
  declared: Fields['capacity'],
): { capacity?: Fields['capacity']; problems: string[] } {
  const allocatable = readResourceList(status.allocatable ?? {});
  const total = readResourceList(status.capacity ?? {});
  const problems = [
    ...describeProblems('status.allocatable', allocatable.problems),
    ...describeProblems('status.capacity', total.problems),
  ];
  const hasAllocatable = Object.keys(allocatable.list).length > 0;
  const hasTotal = Object.keys(total.list).length > 0;
  if (!hasAllocatable && !hasTotal) {
    return { problems };
  }
  return {
    capacity: {
      ...declared,
      allocatable: hasAllocatable ? allocatable.list : declared?.allocatable,
      total: hasTotal ? total.list : undefined,
    },
    problems,
  };
}

/** The cluster's membership of the hub, and the conditions its health reads. */
function hubMembership(
  hub: string,
  spec: Served,
  status: Served,
  labels: Record<string, string>,
  claims: Record<string, string>,
) {
  const conditions = readConditions(status.conditions);
  const find = (type: string) => conditions.find(c => c.type === type);
  const available = find(OCM_CONDITIONS.available);
  const acceptedCondition = find(OCM_CONDITIONS.accepted);
  const joinedCondition = find(OCM_CONDITIONS.joined);
  const accepted = acceptedCondition
    ? acceptedCondition.status === 'True'
    : undefined;
  const joined = joinedCondition
    ? joinedCondition.status === 'True'
    : undefined;
  const ocm: NonNullable<FleetCluster['ocm']> = {
    hub,
    clusterSet: labels[OCM_CLUSTERSET_LABEL],
    hubAcceptsClient:
      typeof spec.hubAcceptsClient === 'boolean'
        ? spec.hubAcceptsClient
        : undefined,
    accepted,
    joined,
    available: available ? asCondition(available) : undefined,
    claims: Object.keys(claims).length ? claims : undefined,
  };
  return { ocm, available, accepted, joined };
}

/**
 * One `ManagedCluster` as a fleet record of the hub `hub`: labels (and the
 * cluster set label), region/zone/provider from the well-known claims and
 * topology labels, claims, the hub's conditions, allocatable and capacity,
 * taints and the API server URL the member registered. OCM gives this
 * backend no credentials for the member: the record carries no access.
 */
export function ocmClusterRecord(
  mc: ManagedCluster & { metadata: { name: string } },
  source: { id: string; hub: string },
): ClusterRecord {
  const spec: Served = isRecord(mc.spec) ? mc.spec : {};
  const status: Served = isRecord(mc.status) ? mc.status : {};
  const { map: labels, problems: labelProblems } = boundedStringMap(
    mc.metadata.labels,
    'metadata.labels',
    OCM_LIMITS.labels,
  );
  const { claims, problems: claimProblems } = readClaims(status.clusterClaims);

  const fields = ocmSegmentation(labels, claims);
  const apiServer = registeredApiServerUrl(spec);
  fields.apiServerUrl = apiServer.url;
  const version = isRecord(status.version) ? status.version : {};
  fields.kubernetesVersion =
    cut(version.kubernetes, 64) ?? cut(claims[OCM_CLAIMS.kubeVersion], 64);
  const taints = readTaints(spec.taints);
  fields.taints = taints.taints;
  const capacity = hubCapacity(status, fields.capacity);
  if (capacity.capacity) {
    fields.capacity = capacity.capacity;
  }
  const membership = hubMembership(source.hub, spec, status, labels, claims);
  fields.ocm = membership.ocm;

  const problems = [
    ...labelProblems,
    ...claimProblems,
    ...apiServer.problems,
    ...taints.problems,
    ...capacity.problems,
  ];
  if (problems.length) {
    fields.problems = [...(fields.problems ?? []), ...problems];
  }
  return {
    name: mc.metadata.name,
    source: 'ocm',
    sourceId: source.id,
    fields,
    health: ocmHealthEvidence(
      membership.available,
      membership.joined,
      membership.accepted,
    ),
  };
}
