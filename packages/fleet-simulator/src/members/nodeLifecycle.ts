/**
 * Stands in for the node lifecycle controller of kube-controller-manager
 * (not run on the local fleet): kube-apiserver's TaintNodesByCondition
 * admission gives every new Node the `node.kubernetes.io/not-ready` taint,
 * which that controller removes once the Node reports Ready. Without it,
 * every seeded or Cluster-API-created Node would stay tainted not-ready
 * while its Ready condition says True.
 */
import { CoreV1Api, type V1Node, type V1Taint } from '@kubernetes/client-node';
import type { SimulatorContext, Stoppable } from '../context';
import { kubeConfigFor } from '../fleet';
import { statusCode } from './kube';
import { runListWatch } from './listWatch';

const CONDITION_TAINTS = [
  'node.kubernetes.io/not-ready',
  'node.kubernetes.io/unreachable',
];
const CONFLICT_RETRIES = 5;

function isReady(node: V1Node): boolean {
  return (
    node.status?.conditions?.some(
      c => c.type === 'Ready' && c.status === 'True',
    ) ?? false
  );
}

/** The Node's taints without the not-ready ones, when it is Ready and has some; else undefined. */
export function taintsToKeep(node: V1Node): V1Taint[] | undefined {
  const taints = node.spec?.taints ?? [];
  if (!isReady(node) || !taints.some(t => CONDITION_TAINTS.includes(t.key)))
    return undefined;
  return taints.filter(t => !CONDITION_TAINTS.includes(t.key));
}

async function untaint(core: CoreV1Api, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    let node: V1Node;
    try {
      node = await core.readNode({ name });
    } catch (error) {
      if (statusCode(error) === 404) return;
      throw error;
    }
    const keep = taintsToKeep(node);
    if (!keep) return;
    try {
      await core.replaceNode({
        name,
        body: { ...node, spec: { ...node.spec, taints: keep } },
      });
      return;
    } catch (error) {
      const code = statusCode(error);
      if (code === 404) return;
      if (code !== 409 || attempt >= CONFLICT_RETRIES) throw error;
    }
  }
}

export async function startNodeLifecycle(
  ctx: SimulatorContext,
): Promise<Stoppable> {
  const stopping = new AbortController();
  const signal = AbortSignal.any([ctx.signal, stopping.signal]);
  const runs = ctx.fleet.clusters
    .filter(c => c.kind === 'member')
    .map(member => {
      const kc = kubeConfigFor(member, 'direct');
      const core = kc.makeApiClient(CoreV1Api);
      return runListWatch<V1Node>({
        name: `${member.name}: node lifecycle`,
        kc,
        path: '/api/v1/nodes',
        list: () => core.listNode(),
        onObject: node => {
          if (!taintsToKeep(node)) return;
          untaint(core, node.metadata!.name!).catch(error =>
            ctx.log(
              `members: ${member.name}: untainting Node ${
                node.metadata?.name
              }: ${(error as Error).message}`,
            ),
          );
        },
        log: ctx.log,
        signal,
      });
    });
  return {
    async stop() {
      stopping.abort();
      await Promise.allSettled(runs);
    },
  };
}
