/**
 * A scenario cluster read and checked: its MachineDeployments, taints,
 * CIDRs, fabrics (one Istio mesh, one MCS set, one Cilium name), exports,
 * external-dns DNSEndpoints and virtual nodes.
 */
import type {
  ScenarioCluster,
  ScenarioFabric,
  ScenarioMachineDeployment,
} from '../scenario';
import {
  CIDR,
  count,
  DNS_LABEL,
  FABRIC_KINDS,
  fail,
  Json,
  list,
  object,
  oneOf,
  only,
  optional,
  resources,
  string,
  TAINT_EFFECTS,
  VERSION,
} from './primitives';
import { readDnsEndpoint } from './dnsEndpoints';

function readFabric(value: Json, where: string): ScenarioFabric {
  const f = object(value, where);
  only(
    f,
    ['kind', 'clusterSet', 'clusterId', 'connectedTo', 'gatewayReady'],
    where,
  );
  const gatewayReady = f.gatewayReady;
  if (gatewayReady !== undefined && typeof gatewayReady !== 'boolean') {
    fail(`${where}.gatewayReady`, 'expected true or false');
  }
  return {
    kind: oneOf(f.kind, FABRIC_KINDS, `${where}.kind`),
    clusterSet: string(f.clusterSet, `${where}.clusterSet`),
    clusterId: string(f.clusterId, `${where}.clusterId`, DNS_LABEL),
    ...(f.connectedTo !== undefined
      ? {
          connectedTo: list(f.connectedTo, `${where}.connectedTo`, (v, w) =>
            string(v, w, DNS_LABEL),
          ),
        }
      : {}),
    ...(gatewayReady !== undefined ? { gatewayReady } : {}),
  };
}

/** One MachineDeployment of a cluster. */
function readMachineDeployment(
  v: Json,
  w: string,
  where: string,
): ScenarioMachineDeployment {
  const md = object(v, w);
  only(md, ['name', 'replicas', 'nodeAllocatable', 'instanceType'], w);
  const mdName = string(md.name, `${w}.name`, DNS_LABEL);
  const mw = `${where}.machineDeployments '${mdName}'`;
  return {
    name: mdName,
    replicas: count(md.replicas, `${mw}.replicas`),
    ...(md.nodeAllocatable !== undefined
      ? {
          nodeAllocatable: resources(
            md.nodeAllocatable,
            `${mw}.nodeAllocatable`,
          ),
        }
      : {}),
    ...(md.instanceType !== undefined
      ? { instanceType: string(md.instanceType, `${mw}.instanceType`) }
      : {}),
  };
}

function readTaint(t: Json, w: string) {
  const taint = object(t, w);
  only(taint, ['key', 'value', 'effect'], w);
  return {
    key: string(taint.key, `${w}.key`),
    ...(taint.value !== undefined
      ? { value: string(taint.value, `${w}.value`) }
      : {}),
    effect: oneOf(taint.effect, TAINT_EFFECTS, `${w}.effect`),
  };
}

/** A cluster is in one Istio mesh and one MCS set at most, and has one Cilium cluster name. */
function checkFabrics(fabrics: ScenarioFabric[], where: string) {
  const istio = fabrics.filter(f => f.kind === 'istio');
  if (istio.length > 1) {
    fail(
      `${where}.fabrics`,
      'a cluster is in one Istio mesh at most (one mesh id)',
    );
  }
  const mcs = fabrics.filter(f => f.kind === 'mcs');
  if (mcs.length > 1) {
    fail(`${where}.fabrics`, 'a cluster is in one MCS cluster set at most');
  }
  const cilium = fabrics.filter(f => f.kind === 'cilium-clustermesh');
  if (new Set(cilium.map(f => f.clusterId)).size > 1) {
    fail(
      `${where}.fabrics`,
      'Cilium has one cluster name per cluster: its fabrics must share clusterId',
    );
  }
}

function readVirtualNode(x: Json, w: string, where: string) {
  const node = object(x, w);
  only(node, ['name', 'kind', 'peer', 'allocatable'], w);
  const nodeName = string(node.name, `${w}.name`, DNS_LABEL);
  const nw = `${where}.virtualNodes '${nodeName}'`;
  return {
    name: nodeName,
    kind: oneOf(
      node.kind,
      ['liqo', 'admiralty'] as const as Array<'liqo' | 'admiralty'>,
      `${nw}.kind`,
    ),
    peer: string(node.peer, `${nw}.peer`),
    allocatable: resources(node.allocatable, `${nw}.allocatable`),
  };
}

const CLUSTER_FIELDS = [
  'name',
  'kubernetesVersion',
  'zones',
  'nodeAllocatable',
  'machineDeployments',
  'taints',
  'podCidrs',
  'serviceCidrs',
  'fabrics',
  'serviceExports',
  'dnsEndpoints',
  'virtualNodes',
  'clusterClass',
  'openCost',
];

/** OpenCost's CPU figures for the cluster: non-negative numbers. */
function readOpenCost(value: Json, where: string) {
  const o = object(value, where);
  only(o, ['cpuCost', 'cpuCoreHours', 'ramCost'], where);
  const figure = (key: string) => {
    const v = o[key];
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) {
      fail(`${where}.${key}`, 'expected a non-negative number');
    }
    return v;
  };
  return {
    cpuCost: figure('cpuCost'),
    cpuCoreHours: figure('cpuCoreHours'),
    ...(o.ramCost !== undefined ? { ramCost: figure('ramCost') } : {}),
  };
}

/** The fields every cluster has: name, version, zones, allocatable, MachineDeployments. */
function readClusterBasics(
  c: Record<string, Json>,
  name: string,
  where: string,
): ScenarioCluster {
  const zones = list(c.zones, `${where}.zones`, (v, w) =>
    string(v, w, DNS_LABEL),
  );
  if (zones.length === 0) fail(`${where}.zones`, 'expected at least one zone');
  return {
    name,
    kubernetesVersion: string(
      c.kubernetesVersion,
      `${where}.kubernetesVersion`,
      VERSION,
    ),
    zones,
    nodeAllocatable: resources(c.nodeAllocatable, `${where}.nodeAllocatable`),
    machineDeployments: list(
      c.machineDeployments,
      `${where}.machineDeployments`,
      (v, w) => readMachineDeployment(v, w, where),
    ),
  };
}

export function readCluster(value: Json, at: string): ScenarioCluster {
  const c = object(value, at);
  const name = string(c.name, `${at}.name`, DNS_LABEL);
  const where = `clusters '${name}'`;
  only(c, CLUSTER_FIELDS, where);
  const cluster = readClusterBasics(c, name, where);
  if (c.clusterClass !== undefined) {
    cluster.clusterClass = string(
      c.clusterClass,
      `${where}.clusterClass`,
      DNS_LABEL,
    );
  }
  const taints = optional(c.taints, v => list(v, `${where}.taints`, readTaint));
  if (taints) cluster.taints = taints;
  for (const key of ['podCidrs', 'serviceCidrs'] as const) {
    const cidrs = optional(c[key], v =>
      list(v, `${where}.${key}`, (x, w) => string(x, w, CIDR)),
    );
    if (cidrs) cluster[key] = cidrs;
  }
  const fabrics = optional(c.fabrics, v =>
    list(v, `${where}.fabrics`, readFabric),
  );
  if (fabrics) {
    checkFabrics(fabrics, where);
    cluster.fabrics = fabrics;
  }
  const exports = optional(c.serviceExports, v =>
    list(v, `${where}.serviceExports`, (x, w) =>
      string(x, w, /^[a-z0-9-]+\/[a-z0-9-]+(!invalid)?$/),
    ),
  );
  if (exports) cluster.serviceExports = exports;
  const dnsEndpoints = optional(c.dnsEndpoints, v =>
    list(v, `${where}.dnsEndpoints`, readDnsEndpoint),
  );
  if (dnsEndpoints) cluster.dnsEndpoints = dnsEndpoints;
  const virtualNodes = optional(c.virtualNodes, v =>
    list(v, `${where}.virtualNodes`, (x, w) => readVirtualNode(x, w, where)),
  );
  if (virtualNodes) cluster.virtualNodes = virtualNodes;
  if (c.openCost !== undefined) {
    cluster.openCost = readOpenCost(c.openCost, `${where}.openCost`);
  }
  return cluster;
}
