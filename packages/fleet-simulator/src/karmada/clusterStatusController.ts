/**
 * Karmada's cluster status controller (Push mode): probes each member
 * through its apiEndpoint with the Cluster secret's credentials and writes
 * `status` (Ready, kubernetesVersion, apiEnablements, nodeSummary,
 * resourceSummary); the taint controller's part: a NotReady cluster
 * carries `cluster.karmada.io/not-ready:NoExecute`. A member the fault
 * registry forces NotReady is reported so. Clusters that share one member
 * (apiEndpoint and credentials) are probed once per pass, and at most
 * `RECONCILE_CONCURRENCY` Clusters are reconciled at once, so that a
 * thousand Clusters backed by a few API servers cost a few probes.
 */
import { sameJson } from './sameJson';
import https from 'node:https';
import { AppsV1Api, CoreV1Api, V1Node } from '@kubernetes/client-node';
import type { SimulatorContext, Stoppable } from '../context';
import { isForcedNotReady, onFaultsChanged } from '../faults/state';
import type { Cluster, ClusterStatus } from './clusterTypes';
import { nextClusterStatus, Probe, taintsFor } from './clusterStatus';
import { KarmadaApi } from './karmadaApi';
import {
  describeError,
  karmadaKubeConfig,
  MemberAccess,
  memberAccess,
  retryOnConflict,
} from './kube';
import { forEachLimited, startLoop, Wake } from './loop';

const PROBE_TIMEOUT_MS = 5_000;
/** API enablements change rarely; Karmada collects them on each sync, here less often. */
const API_ENABLEMENTS_EVERY_MS = 5 * 60_000;
/** Clusters reconciled at once: each writes its status through the aggregation layer. */
const RECONCILE_CONCURRENCY = 16;

/** What one member's API server showed in a pass (shared by the Clusters on it). */
interface MemberObservation {
  probe: Probe;
  kubernetesVersion?: string;
  apiEnablements?: ClusterStatus['apiEnablements'];
  nodes?: never[];
  deployments?: never[];
}

/** Clusters with equal keys reach the same server as the same identity. */
function accessKey(access: MemberAccess): string {
  return `${access.endpoint}|${access.token}|${access.caBundle ?? ''}`;
}

/**
 * GET on the member. A kept-alive connection the server closed just as it
 * was reused answers ECONNRESET without the request having reached the
 * member: that is retried once on a new connection (Node's documented
 * remedy), since one probe now stands for every Cluster of that member.
 */
async function getText(
  access: MemberAccess,
  path: string,
): Promise<{ code: number; text: string }> {
  try {
    return await getTextOnce(access, path);
  } catch (error) {
    if (!(error as { reusedSocket?: boolean }).reusedSocket) throw error;
    return getTextOnce(access, path);
  }
}

function getTextOnce(
  access: MemberAccess,
  path: string,
): Promise<{ code: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = https.request(
      new URL(path, access.endpoint),
      {
        method: 'GET',
        headers: {
          authorization: `Bearer ${access.token}`,
          accept: 'application/json',
        },
        agent: access.agent,
        timeout: PROBE_TIMEOUT_MS,
      },
      response => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', chunk => (text += chunk));
        response.on('end', () =>
          resolve({ code: response.statusCode ?? 0, text }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () =>
      request.destroy(new Error(`no answer in ${PROBE_TIMEOUT_MS} ms`)),
    );
    request.on('error', error => {
      const code = (error as NodeJS.ErrnoException).code;
      reject(
        request.reusedSocket && code === 'ECONNRESET'
          ? Object.assign(error, { reusedSocket: true })
          : error,
      );
    });
    request.end();
  });
}

async function probe(access: MemberAccess): Promise<Probe> {
  try {
    const { code, text } = await getText(access, '/readyz');
    return { reachable: true, healthy: code === 200 && text.trim() === 'ok' };
  } catch (error) {
    return { reachable: false, error: (error as Error).message };
  }
}

async function apiEnablements(
  access: MemberAccess,
): Promise<ClusterStatus['apiEnablements']> {
  const read = async (path: string) =>
    JSON.parse((await getText(access, path)).text);
  const groupVersions: string[] = ['v1'];
  const groups = await read('/apis');
  for (const group of groups.groups ?? []) {
    for (const version of group.versions ?? [])
      groupVersions.push(version.groupVersion);
  }
  const out: NonNullable<ClusterStatus['apiEnablements']> = [];
  for (const groupVersion of groupVersions.sort()) {
    const list = await read(
      groupVersion === 'v1' ? '/api/v1' : `/apis/${groupVersion}`,
    );
    const resources = (list.resources ?? [])
      .filter((r: { name: string }) => !r.name.includes('/'))
      .map((r: { name: string; kind: string }) => ({
        name: r.name,
        kind: r.kind,
      }));
    out.push({ groupVersion, resources });
  }
  return out;
}

type Enablements = ClusterStatus['apiEnablements'];

/** What the cluster status controller reports of each Push Cluster. */
class ClusterStatusReporter {
  private readonly karmada: KarmadaApi;
  private readonly core: CoreV1Api;
  private readonly enablements = new Map<
    string,
    { at: number; value: Enablements }
  >();

  constructor(
    private readonly ctx: SimulatorContext,
    /** Told when a Cluster changed (the scheduler reads them). */
    private readonly changed: Wake,
  ) {
    const kubeConfig = karmadaKubeConfig(ctx.fleet);
    this.karmada = new KarmadaApi(kubeConfig);
    this.core = kubeConfig.makeApiClient(CoreV1Api);
  }

  listClusters() {
    return this.karmada.listClusters();
  }

  /** The member's API enablements, listed again every API_ENABLEMENTS_EVERY_MS. */
  private async enablementsOf(access: MemberAccess): Promise<Enablements> {
    const key = accessKey(access);
    let cached = this.enablements.get(key);
    if (!cached || Date.now() - cached.at > API_ENABLEMENTS_EVERY_MS) {
      cached = { at: Date.now(), value: await apiEnablements(access) };
      this.enablements.set(key, cached);
    }
    return cached.value;
  }

  private async observeMember(
    access: MemberAccess,
  ): Promise<MemberObservation> {
    const result = await probe(access);
    if (!result.reachable) return { probe: result };
    try {
      const version = JSON.parse((await getText(access, '/version')).text)
        .gitVersion as string;
      const memberCore = access.kubeConfig.makeApiClient(CoreV1Api);
      const apps = access.kubeConfig.makeApiClient(AppsV1Api);
      const nodes: V1Node[] = (await memberCore.listNode()).items;
      const deployments = (await apps.listDeploymentForAllNamespaces()).items;
      return {
        probe: result,
        kubernetesVersion: version,
        apiEnablements: await this.enablementsOf(access),
        nodes: nodes as never[],
        deployments: deployments as never[],
      };
    } catch (error) {
      return {
        probe: { reachable: false as const, error: describeError(error) },
      };
    }
  }

  /** `seen`: this pass's observations by access key, shared by the Clusters of one member. */
  private async observe(
    cluster: Cluster,
    seen: Map<string, Promise<MemberObservation>>,
  ) {
    const access = await memberAccess(this.core, cluster);
    const forcedNotReady = isForcedNotReady(cluster.metadata.name);
    const key = accessKey(access);
    let member = seen.get(key);
    if (!member) {
      member = this.observeMember(access);
      seen.set(key, member);
    }
    return { ...(await member), forcedNotReady };
  }

  /** The observed status; from `listed` first, re-read on conflict. Answers the Cluster as written. */
  private async writeStatus(
    listed: Cluster,
    observed: MemberObservation & { forcedNotReady: boolean },
  ): Promise<Cluster> {
    const name = listed.metadata.name;
    let cluster = listed;
    let fresh = false;
    await retryOnConflict(async () => {
      if (fresh) cluster = await this.karmada.getCluster(name);
      fresh = true;
      const now = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
      const status = nextClusterStatus(cluster.status, observed, now);
      if (sameJson(status, cluster.status)) return;
      cluster = await this.karmada.replaceCluster(
        { ...cluster, status },
        'status',
      );
      this.changed.notify();
    });
    return cluster;
  }

  /** The not-ready taint as the Ready condition says; `written` first, re-read on conflict. */
  private async writeTaints(written: Cluster) {
    const name = written.metadata.name;
    let cluster = written;
    let fresh = false;
    await retryOnConflict(async () => {
      if (fresh) cluster = await this.karmada.getCluster(name);
      fresh = true;
      const ready =
        cluster.status?.conditions?.find(c => c.type === 'Ready')?.status ===
        'True';
      const now = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
      const taints = taintsFor(cluster.spec.taints, ready, now);
      if (sameJson(taints, cluster.spec.taints ?? [])) return;
      cluster = await this.karmada.replaceCluster({
        ...cluster,
        spec: { ...cluster.spec, taints },
      });
      this.changed.notify();
      this.ctx.log(
        `karmada cluster-status: ${name} ${
          ready
            ? 'Ready: not-ready taint removed'
            : 'NotReady: tainted cluster.karmada.io/not-ready:NoExecute'
        }`,
      );
    });
  }

  /** Writes status, then taints; each from the listed Cluster first, re-read on conflict. */
  async reconcile(
    listed: Cluster,
    seen: Map<string, Promise<MemberObservation>>,
  ) {
    const observed = await this.observe(listed, seen);
    // The fault proxies close first when the simulator stops: what a probe
    // saw then says nothing about the member.
    if (this.ctx.signal.aborted) return;
    const written = await this.writeStatus(listed, observed);
    await this.writeTaints(written);
  }
}

export function startClusterStatusController(
  ctx: SimulatorContext,
  /** Wakes this controller (fault changes are sent to it). */
  wake: Wake,
  /** Told when a Cluster changed (the scheduler reads them). */
  changed: Wake,
  intervalMs = 3_000,
): Stoppable {
  const reporter = new ClusterStatusReporter(ctx, changed);
  // A fault injected or cleared is reported at once, not at the next resync.
  const unsubscribe = onFaultsChanged(() => wake.notify());
  const loop = startLoop(
    ctx,
    'cluster-status',
    intervalMs,
    async () => {
      const clusters = await reporter.listClusters();
      const seen = new Map<string, Promise<MemberObservation>>();
      await forEachLimited(
        clusters.filter(
          c => c.spec.syncMode === 'Push' && !c.metadata.deletionTimestamp,
        ),
        RECONCILE_CONCURRENCY,
        c =>
          reporter
            .reconcile(c, seen)
            .catch(error =>
              ctx.log(
                `karmada cluster-status: ${c.metadata.name}: ${describeError(
                  error,
                )}`,
              ),
            ),
        ctx.signal,
      );
    },
    wake,
  );
  return {
    async stop() {
      unsubscribe();
      await loop.stop();
    },
  };
}
