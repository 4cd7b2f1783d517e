/**
 * Cluster controller (standing in for CAPI's Cluster controller and its
 * cluster cache): writes phase Provisioned, the `controlPlane`/`workers`
 * summaries and the v1beta2 conditions from the control plane, the
 * MachineDeployments and a probe of the workload cluster's API server
 * through its kubeconfig (the fault proxy, so injected outages show);
 * the infrastructure cluster is marked ready. A deleted Cluster is
 * `Deleting` while its MachineDeployments, Machines (and so member Nodes),
 * control plane and infrastructure go, then its kubeconfig Secret and
 * finalizer.
 */
import https from 'node:https';
import type { Stoppable } from '../context';
import { isDeleting } from './decisions';
import { runReconcileLoop } from './kube';
import {
  CAPI_NAMESPACE,
  FINALIZERS,
  LABELS,
  TYPES,
  WorkloadCluster,
  names,
} from './model';
import { CapiRuntime } from './runtime';
import { clusterStatus, deepEqual, sameStatus } from './status';
import type {
  CapiCluster,
  KubeadmControlPlane,
  Machine,
  MachineDeployment,
} from './capiObjects';
import type { CustomObject } from './customObject';

const PROBE_EVERY_MS = 5000;
const PROBE_TIMEOUT_MS = 3000;

export interface Probe {
  ok: boolean;
  message?: string;
}

/** GET /readyz at the cluster's public address with the kubeconfig's token. */
export function probeApiServer(wc: WorkloadCluster): Promise<Probe> {
  return new Promise(resolve => {
    const req = https.get(
      `${wc.publicUrl}/readyz`,
      {
        ca: wc.caCrt,
        headers: { authorization: `Bearer ${wc.adminToken}` },
        timeout: PROBE_TIMEOUT_MS,
      },
      res => {
        res.resume();
        const code = res.statusCode ?? 0;
        resolve(
          code === 200
            ? { ok: true }
            : { ok: false, message: `GET /readyz answered ${code}` },
        );
      },
    );
    req.on('timeout', () => {
      req.destroy(new Error(`no answer within ${PROBE_TIMEOUT_MS} ms`));
    });
    req.on('error', error => resolve({ ok: false, message: error.message }));
  });
}

/** Probes each workload cluster at most every PROBE_EVERY_MS, in the background. */
class Prober {
  private readonly results = new Map<string, { at: number; probe: Probe }>();
  private readonly running = new Set<string>();

  constructor(private readonly onChange: () => void) {}

  get(wc: WorkloadCluster): Probe {
    const last = this.results.get(wc.name);
    if (
      !this.running.has(wc.name) &&
      (!last || Date.now() - last.at >= PROBE_EVERY_MS)
    ) {
      this.running.add(wc.name);
      void probeApiServer(wc).then(probe => {
        this.running.delete(wc.name);
        const before = this.results.get(wc.name)?.probe;
        this.results.set(wc.name, { at: Date.now(), probe });
        if (!before || before.ok !== probe.ok) this.onChange();
      });
    }
    // Until a first answer, assume it answers (it did when it was seeded).
    return last?.probe ?? { ok: true };
  }
}

async function tearDown(
  rt: CapiRuntime,
  cluster: CapiCluster,
  machines: Machine[],
) {
  const { custom } = rt;
  const name: string = cluster.metadata.name;
  const selector = `${LABELS.clusterName}=${name}`;
  const wc = rt.clusters.get(name);
  for (const m of machines.filter(x => !isDeleting(x))) {
    await custom.delete(TYPES.machine, CAPI_NAMESPACE, m.metadata.name);
  }
  const owned = [
    TYPES.machineDeployment,
    TYPES.kubeadmControlPlane,
    TYPES.kubeadmConfigTemplate,
    ...(wc ? [wc.infra.cluster, wc.infra.machineTemplate] : []),
  ];
  for (const t of owned) {
    for (const o of await custom.list<CustomObject>(
      t,
      CAPI_NAMESPACE,
      selector,
    )) {
      if (!isDeleting(o)) {
        await custom.delete(t, CAPI_NAMESPACE, o.metadata.name);
      }
    }
  }
  if (machines.length > 0) return false;
  // The Machines are gone: the kubeconfig goes last, then the finalizer.
  try {
    await rt.core.api.deleteNamespacedSecret({
      namespace: CAPI_NAMESPACE,
      name: names.kubeconfigSecret(name),
    });
  } catch (error) {
    if ((error as { code?: unknown } | undefined)?.code !== 404) throw error;
  }
  await custom.update<CapiCluster>(TYPES.cluster, CAPI_NAMESPACE, name, c => {
    const finalizers: string[] = c.metadata.finalizers ?? [];
    if (!finalizers.includes(FINALIZERS.cluster)) return undefined;
    c.metadata.finalizers = finalizers.filter(f => f !== FINALIZERS.cluster);
    return c;
  });
  rt.ctx.log(`capi: Cluster ${name} deleted`);
  return true;
}

/** Infrastructure clusters already marked ready by this process. */
const infrastructureReady = new WeakMap<CapiRuntime, Set<string>>();

async function markInfrastructureReady(rt: CapiRuntime, wc: WorkloadCluster) {
  const done = infrastructureReady.get(rt) ?? new Set<string>();
  infrastructureReady.set(rt, done);
  if (done.has(wc.name)) return;
  await rt.custom.update<CustomObject>(
    wc.infra.cluster,
    CAPI_NAMESPACE,
    wc.name,
    c => {
      const status = { ...(c.status ?? {}), ready: true };
      return deepEqual(c.status, status) ? undefined : { ...c, status };
    },
    'status',
  );
  done.add(wc.name);
}

export async function reconcileClusters(
  rt: CapiRuntime,
  probe: (wc: WorkloadCluster) => Probe,
  now = new Date(),
): Promise<number | undefined> {
  const { custom } = rt;
  const [clusters, kcps, mds, machines] = await Promise.all([
    custom.list<CapiCluster>(TYPES.cluster, CAPI_NAMESPACE),
    custom.list<KubeadmControlPlane>(TYPES.kubeadmControlPlane, CAPI_NAMESPACE),
    custom.list<MachineDeployment>(TYPES.machineDeployment, CAPI_NAMESPACE),
    custom.list<Machine>(TYPES.machine, CAPI_NAMESPACE),
  ]);
  let soonest: number | undefined;
  for (const cluster of clusters) {
    const name: string = cluster.metadata.name;
    const wc = rt.clusters.get(name);
    const own = machines.filter(m => m.spec?.clusterName === name);
    const ownMds = mds.filter(md => md.spec?.clusterName === name);
    const kcp = kcps.find(
      k => k.metadata.name === cluster.spec?.controlPlaneRef?.name,
    );
    if (wc && !isDeleting(cluster)) await markInfrastructureReady(rt, wc);
    await custom.update<CapiCluster>(
      TYPES.cluster,
      CAPI_NAMESPACE,
      name,
      current => {
        const status = clusterStatus(
          current,
          kcp,
          ownMds.map(md => ({
            md,
            machines: own.filter(
              m =>
                m.metadata.labels?.[LABELS.deploymentName] === md.metadata.name,
            ),
          })),
          wc ? probe(wc) : { ok: false, message: 'not a member of this fleet' },
          wc?.zones ?? [],
          now,
        );
        return sameStatus(current.status, status)
          ? undefined
          : { ...current, status };
      },
      'status',
      cluster,
    );
    // Deleting shows first; the teardown then takes its time.
    if (isDeleting(cluster)) {
      soonest = Math.min(soonest ?? Infinity, 1000);
      await tearDown(rt, cluster, own);
    }
  }
  return soonest;
}

export function startClusterController(rt: CapiRuntime): Stoppable {
  let trigger: () => void = () => {};
  const prober = new Prober(() => trigger());
  const loop = runReconcileLoop({
    name: 'capi clusters',
    kc: rt.custom.kc,
    watchPaths: [
      rt.watchPath(TYPES.cluster),
      rt.watchPath(TYPES.kubeadmControlPlane),
      rt.watchPath(TYPES.machineDeployment),
      rt.watchPath(TYPES.machine),
    ],
    reconcile: () => reconcileClusters(rt, wc => prober.get(wc)),
    log: rt.ctx.log,
    signal: rt.ctx.signal,
    resyncMs: PROBE_EVERY_MS,
  });
  trigger = loop.trigger;
  return loop;
}
