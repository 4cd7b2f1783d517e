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

type BindingPlural = 'resourcebindings' | 'clusterresourcebindings';

const bindingPluralOf = (template: Template): BindingPlural =>
  template.metadata.namespace ? 'resourcebindings' : 'clusterresourcebindings';

/** Karmada's detector: claims templates for policies and keeps their bindings. */
class Detector {
  private readonly preemptionEnabled =
    process.env.FLOTILLA_SIM_KARMADA_PREEMPTION === 'true';

  constructor(
    private readonly ctx: SimulatorContext,
    private readonly karmada: KarmadaApi,
    private readonly objects: KubernetesObjectApi,
    private readonly wake: Wake,
  ) {}

  private async templatesOf(
    selectors: ResourceSelector[],
  ): Promise<Template[]> {
    const kinds = new Map<string, ResourceSelector>();
    for (const s of selectors) kinds.set(`${s.apiVersion}/${s.kind}`, s);
    const out: Template[] = [];
    for (const s of kinds.values()) {
      const list = await this.objects.list(s.apiVersion, s.kind);
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

  private async createBinding(
    plural: BindingPlural,
    name: string,
    template: Template,
    policy: Policy,
    clusterPolicy: boolean,
  ) {
    const namespaced = Boolean(template.metadata.namespace);
    const desired = desiredBinding(template, policy, clusterPolicy);
    await this.karmada.create(plural, {
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
    this.wake.notify();
    this.ctx.log(
      `karmada detector: ${template.kind} ${
        template.metadata.namespace ?? ''
      }/${template.metadata.name} claimed by ${
        clusterPolicy ? 'ClusterPropagationPolicy' : 'PropagationPolicy'
      } ${policy.metadata.name}: created ${plural} ${name}`,
    );
  }

  private async updateBinding(
    plural: BindingPlural,
    current: KubeObject,
    desired: ReturnType<typeof desiredBinding>,
  ) {
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
    await this.karmada.replace(plural, {
      ...current,
      metadata: { ...current.metadata, labels },
      spec,
    });
    this.wake.notify();
  }

  private async reconcileBinding(
    template: Template,
    policy: Policy,
    clusterPolicy: boolean,
    listed: Map<string, KubeObject>,
  ): Promise<string> {
    const plural = bindingPluralOf(template);
    const name = bindingName(template.kind, template.metadata.name);
    const key = `${plural}/${template.metadata.namespace ?? ''}/${name}`;
    // The listed binding first; a fresh read only after a conflict.
    let fresh = false;
    await retryOnConflict(async () => {
      let current: KubeObject | undefined = fresh ? undefined : listed.get(key);
      if (fresh) {
        try {
          current = await this.karmada.get(
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
        await this.createBinding(plural, name, template, policy, clusterPolicy);
        return;
      }
      await this.updateBinding(
        plural,
        current,
        desiredBinding(template, policy, clusterPolicy),
      );
    });
    return key;
  }

  private async listBindings(): Promise<Map<string, KubeObject>> {
    const listed = new Map<string, KubeObject>();
    for (const plural of [
      'resourcebindings',
      'clusterresourcebindings',
    ] as const) {
      for (const b of await this.karmada.list(plural)) {
        listed.set(
          `${plural}/${b.metadata.namespace ?? ''}/${b.metadata.name}`,
          b,
        );
      }
    }
    return listed;
  }

  /** Claims the template for its policy and keeps its binding; answers the binding's key. */
  private async claim(
    template: Template,
    policies: { pps: KubeObject[]; cpps: KubeObject[] },
    listed: Map<string, KubeObject>,
  ): Promise<string | undefined> {
    const decision = propagationDecision(template, {
      propagationPolicies: policies.pps as Policy[],
      clusterPropagationPolicies: policies.cpps as Policy[],
      preemptionEnabled: this.preemptionEnabled,
    });
    try {
      const claimed = await writeTemplateClaim(
        this.objects,
        template,
        decision,
        change => {
          this.wake.notify();
          this.ctx.log(`karmada detector: ${change}`);
        },
      );
      if (!decision) return undefined;
      return await this.reconcileBinding(
        claimed,
        decision.policy,
        decision.kind === 'ClusterPropagationPolicy',
        listed,
      );
    } catch (error) {
      this.ctx.log(
        `karmada detector: ${template.kind} ${
          template.metadata.name
        }: ${describeError(error)}`,
      );
      return `${bindingPluralOf(template)}/${
        template.metadata.namespace ?? ''
      }/${bindingName(template.kind, template.metadata.name)}`;
    }
  }

  /**
   * Bindings this detector made whose template or policy is gone (no
   * garbage collector runs here to follow the owner reference).
   */
  private async deleteUnclaimed(
    listed: Map<string, KubeObject>,
    wanted: Set<string>,
  ) {
    for (const [key, binding] of listed) {
      const labels = binding.metadata.labels ?? {};
      if (!labels[PP_NAME] && !labels[CPP_NAME]) continue;
      if (wanted.has(key)) continue;
      const plural = key.split('/')[0] as BindingPlural;
      await this.karmada
        .delete(plural, binding.metadata.name, binding.metadata.namespace)
        .catch(error => {
          if (!isNotFound(error)) throw error;
        });
      this.wake.notify();
      this.ctx.log(
        `karmada detector: deleted ${key} (no template or policy claims it any more)`,
      );
    }
  }

  async pass() {
    const { karmada } = this;
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
    const templates = await this.templatesOf(selectors);
    const listed = await this.listBindings();
    const wanted = new Set<string>();
    for (const template of templates) {
      if (template.metadata.deletionTimestamp) continue;
      const key = await this.claim(template, { pps, cpps }, listed);
      if (key) wanted.add(key);
    }
    await this.deleteUnclaimed(listed, wanted);
  }
}

export function startDetector(
  ctx: SimulatorContext,
  wake: Wake,
  intervalMs = 5_000,
): Stoppable {
  const kubeConfig = karmadaKubeConfig(ctx.fleet);
  const detector = new Detector(
    ctx,
    new KarmadaApi(kubeConfig),
    KubernetesObjectApi.makeApiClient(kubeConfig),
    wake,
  );
  return startLoop(ctx, 'detector', intervalMs, () => detector.pass(), wake);
}
