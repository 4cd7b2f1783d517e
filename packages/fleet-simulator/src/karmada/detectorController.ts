/**
 * Karmada's resource detector: every resource template a
 * (Cluster)PropagationPolicy selects is claimed for the policy common's
 * `propagationDecision` names (its existing claim, else a
 * PropagationPolicy before any ClusterPropagationPolicy; Karmada v1.18.2
 * `pkg/detector/policy.go`), the claim written on the template
 * (`templateClaims.ts`), and gets a ResourceBinding (namespaced template)
 * or ClusterResourceBinding (cluster-scoped) carrying the resource
 * reference, replicas, per-replica requests and the policy's placement;
 * bindings whose template or policy went away are deleted. Policies get
 * their permanent-id label (Karmada's webhook sets it). Preemption follows
 * Karmada's feature gate, off unless FLOTILLA_SIM_KARMADA_PREEMPTION=true.
 */
import { sameJson } from './sameJson';
import crypto from 'node:crypto';
import { propagationDecision } from '@flotilla/plugin-multi-cluster-common';
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
import type { KarmadaSpec } from './objectTypes';
import {
  describeError,
  isNotFound,
  karmadaKubeConfig,
  retryOnConflict,
} from './kube';
import { startLoop, Wake } from './loop';
import { writeTemplateClaim } from './templateClaims';

interface ResourceSelector {
  apiVersion: string;
  kind: string;
}

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
  wake: Wake,
  intervalMs = 5_000,
): Stoppable {
  const kubeConfig = karmadaKubeConfig(ctx.fleet);
  const karmada = new KarmadaApi(kubeConfig);
  const objects = KubernetesObjectApi.makeApiClient(kubeConfig);
  const preemptionEnabled =
    process.env.FLOTILLA_SIM_KARMADA_PREEMPTION === 'true';

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
    listed: Map<string, KubeObject>,
  ): Promise<string> {
    const namespaced = Boolean(template.metadata.namespace);
    const plural = namespaced ? 'resourcebindings' : 'clusterresourcebindings';
    const name = bindingName(template.kind, template.metadata.name);
    const desired = desiredBinding(template, policy, clusterPolicy);
    const key = `${plural}/${template.metadata.namespace ?? ''}/${name}`;
    // The listed binding first; a fresh read only after a conflict.
    let fresh = false;
    await retryOnConflict(async () => {
      let current: KubeObject | undefined = fresh ? undefined : listed.get(key);
      if (fresh) {
        try {
          current = await karmada.get(
            plural,
            name,
            template.metadata.namespace,
          );
        } catch (error) {
          if (!isNotFound(error)) throw error;
        }
      }
      fresh = true;
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
        wake.notify();
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
      const comparable = (s: KarmadaSpec | undefined) => ({
        ...s,
        resource: { ...s?.resource, resourceVersion: undefined },
      });
      const labels = { ...current.metadata.labels, ...desired.labels };
      if (
        sameJson(comparable(spec), comparable(current.spec)) &&
        sameJson(labels, current.metadata.labels)
      )
        return;
      await karmada.replace(plural, {
        ...current,
        metadata: { ...current.metadata, labels },
        spec,
      });
      wake.notify();
    });
    return key;
  }

  return startLoop(
    ctx,
    'detector',
    intervalMs,
    async () => {
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
      const listed = new Map<string, KubeObject>();
      for (const plural of [
        'resourcebindings',
        'clusterresourcebindings',
      ] as const) {
        for (const b of await karmada.list(plural)) {
          listed.set(
            `${plural}/${b.metadata.namespace ?? ''}/${b.metadata.name}`,
            b,
          );
        }
      }
      const wanted = new Set<string>();
      for (const template of templates) {
        if (template.metadata.deletionTimestamp) continue;
        const decision = propagationDecision(template, {
          propagationPolicies: pps as Policy[],
          clusterPropagationPolicies: cpps as Policy[],
          preemptionEnabled,
        });
        try {
          const claimed = await writeTemplateClaim(
            objects,
            template,
            decision,
            change => {
              wake.notify();
              ctx.log(`karmada detector: ${change}`);
            },
          );
          if (!decision) continue;
          wanted.add(
            await reconcileBinding(
              claimed,
              decision.policy,
              decision.kind === 'ClusterPropagationPolicy',
              listed,
            ),
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
      for (const [key, binding] of listed) {
        const labels = binding.metadata.labels ?? {};
        if (!labels[PP_NAME] && !labels[CPP_NAME]) continue;
        if (wanted.has(key)) continue;
        const plural = key.split('/')[0] as
          | 'resourcebindings'
          | 'clusterresourcebindings';
        await karmada
          .delete(plural, binding.metadata.name, binding.metadata.namespace)
          .catch(error => {
            if (!isNotFound(error)) throw error;
          });
        wake.notify();
        ctx.log(
          `karmada detector: deleted ${key} (no template or policy claims it any more)`,
        );
      }
    },
    wake,
  );
}
