/**
 * Machine controller (standing in for CAPI's Machine controller, the
 * infrastructure provider and the machine's kubelet): a new Machine is
 * Provisioning until, `machineDelayMs` later, its Node registers on the
 * member (created there unless the member seeding made it) and it is
 * Running with a nodeRef; a version change is applied to the Node's kubelet
 * after the same delay (phase Updating meanwhile); a deleted Machine is
 * Deleting until its Node is drained and removed from the member, then its
 * finalizer goes.
 */
import type { Stoppable } from '../context';
import { machineStep, type MachineStep } from './decisions';
import { runReconcileLoop } from './kube';
import {
  CAPI_NAMESPACE,
  FINALIZERS,
  LABELS,
  TYPES,
  machineIndex,
  type WorkloadCluster,
} from './model';
import { nodeObject, workerNodeSpec } from './nodes';
import { CapiRuntime } from './runtime';
import { machineStatus, sameStatus } from './status';
import type { V1Node } from '@kubernetes/client-node';
import type { Machine, MachineStatus } from './capiObjects';

async function writeStatus(
  rt: CapiRuntime,
  name: string,
  build: (current: Machine) => MachineStatus,
  listed?: Machine,
) {
  await rt.custom.update<Machine>(
    TYPES.machine,
    CAPI_NAMESPACE,
    name,
    current => {
      const status = build(current);
      return sameStatus(current.status, status)
        ? undefined
        : { ...current, status };
    },
    'status',
    listed,
  );
}

const nodeFacts = (node: V1Node) => ({
  name: node.metadata!.name!,
  nodeInfo: node.status?.nodeInfo,
  addresses: node.status?.addresses,
});

/** A Node joins for the Machine: the Machine is Running on it. */
async function provision(
  rt: CapiRuntime,
  wc: WorkloadCluster,
  machine: Machine,
  now: Date,
) {
  const name = machine.metadata.name;
  const md: string = machine.metadata.labels?.[LABELS.deploymentName] ?? '';
  const index = machineIndex(md, name) ?? 0;
  const spec = workerNodeSpec(wc, md, index, machine.spec!.version!);
  const node = await rt
    .nodes(wc)
    .createOrLeave(nodeObject(wc, { ...spec, name }));
  await writeStatus(
    rt,
    name,
    m => machineStatus(m, 'Running', now, nodeFacts(node)),
    machine,
  );
}

/** The Machine's Node runs the new kubelet version. */
async function updateKubelet(
  rt: CapiRuntime,
  wc: WorkloadCluster,
  machine: Machine,
  version: string,
  now: Date,
) {
  const nodes = rt.nodes(wc);
  // machineStep updates only a Machine whose Node joined.
  const nodeName = machine.status!.nodeRef!.name;
  await nodes.setKubeletVersion(nodeName, version);
  const node = await nodes.get(nodeName);
  if (node) {
    await writeStatus(rt, machine.metadata.name, m =>
      machineStatus(m, 'Running', now, nodeFacts(node)),
    );
  }
}

/** The deleted Machine's Node leaves, then its finalizer goes. */
async function release(rt: CapiRuntime, wc: WorkloadCluster, machine: Machine) {
  const nodeName = machine.status?.nodeRef?.name;
  if (nodeName) await rt.nodes(wc).delete(nodeName);
  await rt.custom.update<Machine>(
    TYPES.machine,
    CAPI_NAMESPACE,
    machine.metadata.name,
    m => {
      const finalizers: string[] = m.metadata.finalizers ?? [];
      if (!finalizers.includes(FINALIZERS.machine)) return undefined;
      m.metadata.finalizers = finalizers.filter(f => f !== FINALIZERS.machine);
      return m;
    },
  );
}

/** Takes the Machine's step; answers the ms until it is due again, if it is. */
async function takeStep(
  rt: CapiRuntime,
  wc: WorkloadCluster,
  machine: Machine,
  step: MachineStep,
  now: Date,
): Promise<number | undefined> {
  const name = machine.metadata.name;
  switch (step.kind) {
    case 'mark':
      await writeStatus(
        rt,
        name,
        m => machineStatus(m, step.phase, now),
        machine,
      );
      return rt.machineDelayMs;
    case 'wait':
      return step.ms;
    case 'provision':
      await provision(rt, wc, machine, now);
      return undefined;
    case 'update':
      await updateKubelet(rt, wc, machine, step.version, now);
      return undefined;
    case 'release':
      await release(rt, wc, machine);
      return undefined;
    default:
      // steady: a Running Machine: keep its status current (e.g. after a restart).
      await writeStatus(
        rt,
        name,
        m => machineStatus(m, 'Running', now),
        machine,
      );
      return undefined;
  }
}

/** One pass over every Machine; answers the ms until the next one is due. */
export async function reconcileMachines(
  rt: CapiRuntime,
  now = new Date(),
): Promise<number | undefined> {
  const machines = await rt.custom.list<Machine>(TYPES.machine, CAPI_NAMESPACE);
  let soonest: number | undefined;
  for (const machine of machines) {
    const name: string = machine.metadata.name;
    const clusterName = machine.spec?.clusterName;
    const wc = clusterName ? rt.clusters.get(clusterName) : undefined;
    if (!wc) continue;
    const step = machineStep(machine, now, rt.machineDelayMs);
    try {
      const due = await takeStep(rt, wc, machine, step, now);
      if (due !== undefined) soonest = Math.min(soonest ?? Infinity, due);
    } catch (error) {
      // One member down (an outage) must not stall the others' Machines.
      rt.logOnce(
        `machine ${name}`,
        `capi machine ${name}: ${step.kind}: ${(error as Error).message}`,
      );
      soonest = Math.min(soonest ?? Infinity, 2000);
    }
  }
  return soonest;
}

export function startMachineController(rt: CapiRuntime): Stoppable {
  return runReconcileLoop({
    name: 'capi machines',
    kc: rt.custom.kc,
    watchPaths: [rt.watchPath(TYPES.machine)],
    reconcile: () => reconcileMachines(rt),
    log: rt.ctx.log,
    signal: rt.ctx.signal,
  });
}
