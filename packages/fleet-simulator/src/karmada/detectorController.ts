/**
 * Karmada's resource detector: every resource template a
 * (Cluster)PropagationPolicy selects gets a ResourceBinding (namespaced
 * template) or ClusterResourceBinding (cluster-scoped) carrying the
 * resource reference, replicas, per-replica requests and the policy's
 * placement; bindings whose template or policy went away are deleted.
 * Policies get their permanent-id label (Karmada's webhook sets it).
 */
import crypto from 'node:crypto';
import { KubernetesObjectApi } from '@kubernetes/client-node';
import type { SimulatorContext, Stoppable } from '../context';
import {
  bindingName,
  CPP_NAME,
  CPP_PERMANENT_ID,
  desiredBinding,
  Policy,
  PP_NAME,
  PP_PERMANENT_ID,
  Template,
} from './bindings';
import { apiVersionOf, KarmadaApi, KubeObject } from './karmadaApi';
import {
  describeError,
  isNotFound,
  karmadaKubeConfig,
  retryOnConflict,
} from './kube';
import { startLoop } from './loop';
import { claimingPolicy, ResourceSelector } from './resourceSelectors';

async function ensurePermanentId(
  api: KarmadaApi,
  plural: 'propagationpolicies' | 'clusterpropagationpolicies',
  policy: KubeObject,
) {
  const key =
    plural === 'propagationpolicies' ? PP_PERMANENT_ID : CPP_PERMANENT_ID;
  if (policy.metadata.labels?.[key]) return policy;
  return retryOnConflict(async () => {
    const current = await api.get(
      plural,
      policy.metadata.name,
      policy.metadata.namespace,
    );
    if (current.metadata.labels?.[key]) return current;
    current.metadata.labels = {
      ...current.metadata.labels,
      [key]: crypto.randomUUID(),
    };
    return api.replace(plural, current);
  });
}

export function startDetector(
  ctx: SimulatorContext,
  intervalMs = 1_000,
): Stoppable {
  const kubeConfig = karmadaKubeConfig(ctx.fleet);
  const karmada = new KarmadaApi(kubeConfig);
  const objects = KubernetesObjectApi.makeApiClient(kubeConfig);

  async function templatesOf(
    selectors: ResourceSelector[],
  ): Promise<Template[]> {
    const kinds = new Map<string, ResourceSelector>();
    for (const s of selectors) kinds.set(`${s.apiVersion}/${s.kind}`, s);
    const out: Template[] = [];
    for (const s of kinds.values()) {
      const list = await objects.list(s.apiVersion, s.kind);
      for (const item of list.items) {
        // List items come without their type; the template must carry it.
        out.push({
          ...(JSON.parse(JSON.stringify(item)) as Template),
          apiVersion: s.apiVersion,
          kind: s.kind,
        });
      }
    }
    return out;
  }

  async function reconcileBinding(
    template: Template,
    policy: Policy,
    clusterPolicy: boolean,
  ): Promise<string> {
    const namespaced = Boolean(template.metadata.namespace);
    const plural = namespaced ? 'resourcebindings' : 'clusterresourcebindings';
    const name = bindingName(template.kind, template.metadata.name);
    const desired = desiredBinding(template, policy, clusterPolicy);
    await retryOnConflict(async () => {
      let current: KubeObject | undefined;
      try {
        current = await karmada.get(plural, name, template.metadata.namespace);
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
      if (!current) {
        await karmada.create(plural, {
          apiVersion: apiVersionOf(plural),
          kind: namespaced ? 'ResourceBinding' : 'ClusterResourceBinding',
          metadata: {
            name,
            ...(namespaced ? { namespace: template.metadata.namespace } : {}),
            labels: desired.labels,
            ownerReferences: [
              {
                apiVersion: template.apiVersion,
                kind: template.kind,
                name: template.metadata.name,
                uid: template.metadata.uid!,
                controller: true,
                blockOwnerDeletion: true,
              },
            ],
          },
          spec: desired.spec,
        });
        ctx.log(
          `karmada detector: ${template.kind} ${
            template.metadata.namespace ?? ''
          }/${template.metadata.name} claimed by ${
            clusterPolicy ? 'ClusterPropagationPolicy' : 'PropagationPolicy'
          } ${policy.metadata.name}: created ${plural} ${name}`,
        );
        return;
      }
      const spec = { ...current.spec, ...desired.spec };
      if (!desired.spec.replicaRequirements) delete spec.replicaRequirements;
      // The resourceVersion of the template changes with its status; only
      // a changed spec or reference is news for the binding.
      const comparable = (s: any) =>
        JSON.stringify({
          ...s,
          resource: { ...s?.resource, resourceVersion: undefined },
        });
      const labels = { ...current.metadata.labels, ...desired.labels };
      if (
        comparable(spec) === comparable(current.spec) &&
        JSON.stringify(labels) === JSON.stringify(current.metadata.labels)
      )
        return;
      await karmada.replace(plural, {
        ...current,
        metadata: { ...current.metadata, labels },
        spec,
      });
    });
    return `${plural}/${template.metadata.namespace ?? ''}/${name}`;
  }

  return startLoop(ctx, 'detector', intervalMs, async () => {
    const pps = await Promise.all(
      (
        await karmada.list('propagationpolicies')
      ).map(p => ensurePermanentId(karmada, 'propagationpolicies', p)),
    );
    const cpps = await Promise.all(
      (
        await karmada.list('clusterpropagationpolicies')
      ).map(p => ensurePermanentId(karmada, 'clusterpropagationpolicies', p)),
    );
    const selectors = [...pps, ...cpps].flatMap(
      p => (p.spec?.resourceSelectors ?? []) as ResourceSelector[],
    );
    const templates = await templatesOf(selectors);
    const wanted = new Set<string>();
    for (const template of templates) {
      if (template.metadata.deletionTimestamp) continue;
      const claim = claimingPolicy(template, pps as Policy[], cpps as Policy[]);
      if (!claim) continue;
      try {
        wanted.add(
          await reconcileBinding(template, claim.policy, claim.cluster),
        );
      } catch (error) {
        ctx.log(
          `karmada detector: ${template.kind} ${
            template.metadata.name
          }: ${describeError(error)}`,
        );
        wanted.add(
          `${
            template.metadata.namespace
              ? 'resourcebindings'
              : 'clusterresourcebindings'
          }/${template.metadata.namespace ?? ''}/${bindingName(
            template.kind,
            template.metadata.name,
          )}`,
        );
      }
    }
    // Bindings this detector made whose template or policy is gone (no
    // garbage collector runs here to follow the owner reference).
    for (const plural of [
      'resourcebindings',
      'clusterresourcebindings',
    ] as const) {
      for (const binding of await karmada.list(plural)) {
        const labels = binding.metadata.labels ?? {};
        if (!labels[PP_NAME] && !labels[CPP_NAME]) continue;
        const key = `${plural}/${binding.metadata.namespace ?? ''}/${
          binding.metadata.name
        }`;
        if (wanted.has(key)) continue;
        await karmada
          .delete(plural, binding.metadata.name, binding.metadata.namespace)
          .catch(error => {
            if (!isNotFound(error)) throw error;
          });
        ctx.log(
          `karmada detector: deleted ${key} (no template or policy claims it any more)`,
        );
      }
    }
  });
}
