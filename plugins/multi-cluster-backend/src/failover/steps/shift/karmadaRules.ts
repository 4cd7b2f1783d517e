import {
  editReplicaOverrideRules,
  type ReplicaMove,
  replicaRulesOf,
  type ReplicaRuleEdit,
  SERVICE_ANNOTATIONS,
} from '@flotilla/plugin-multi-cluster-common';
import {
  isConflict,
  KarmadaConnector,
  type OverridePolicy,
} from '@flotilla/plugin-multi-cluster-node';
import type { ClusterChange } from '../../ChangeJournal';
import { effectiveReplicas, landed, NetChange } from '../../recordedChanges';
import { KarmadaTarget } from '../../types';
import { failoverPolicyName, overridePolicyManifest } from '../karmadaOverride';
import { StepContext } from '../types';
import type {
  PlannedChange,
  ShiftMethod,
  ShiftPhase,
  WrittenTarget,
} from './phases';

const MANAGED_BY = 'app.kubernetes.io/managed-by';

/** `<namespace>/OverridePolicy/<name>`: how a rule's policy is recorded. */
export function policyTarget(namespace: string, name: string): string {
  return `${namespace}/OverridePolicy/${name}`;
}

function policyOf(target: string): { namespace: string; name: string } {
  const [namespace, , name] = target.split('/');
  return { namespace, name };
}

function phaseOf(from: number, to: number): ShiftPhase | undefined {
  if (to > from) return 'raise';
  return to < from ? 'lower' : undefined;
}

/**
 * The rule a rollback gives a cluster: the run's `before` when the rule is
 * still what the run left; else (changed since) the current count moved
 * back by what the run changed, never below zero.
 */
export function rolledBackRule(
  net: NetChange,
  current: number | undefined,
): number | undefined {
  if (current === net.after) return net.before;
  const delta =
    effectiveReplicas(net, net.after) - effectiveReplicas(net, net.before);
  return Math.max(0, effectiveReplicas(net, current) - delta);
}

interface KarmadaShiftOptions {
  ctx: StepContext;
  karmada: KarmadaConnector;
  target: KarmadaTarget;
  kubernetesId: string;
  /** The forward shift's moves; absent for a rollback. */
  moves?: ReplicaMove[];
  /** For a rollback: the original run's changes of OverridePolicy rules. */
  reverse?: NetChange[];
}

/**
 * Moves replicas through Flotilla's OverridePolicy on Karmada: one rule per
 * cluster setting its replicas; a rollback restores each rule the run
 * changed (or removes it, so Karmada's scheduler decides again) and deletes
 * the policy once no rule is left. Karmada holds the desired counts, so a
 * rollback needs no member: the members converge when they can.
 */
export class KarmadaRuleShift implements ShiftMethod {
  private policyName?: string;
  /** Flotilla's earlier policy for the service, when a new name had to sort after others. */
  private superseded?: OverridePolicy;

  constructor(private readonly options: KarmadaShiftOptions) {}

  async plan(phase: ShiftPhase): Promise<PlannedChange[]> {
    const { target } = this.options;
    const name = await this.name();
    const policy = await this.options.karmada.getOverridePolicy(
      target.namespace,
      name,
      { signal: this.options.ctx.signal },
    );
    // A new policy carries the rules of Flotilla's policy it supersedes.
    const rules = replicaRulesOf(policy ?? this.superseded);
    const recordAs = policyTarget(target.namespace, name);
    const planned = this.options.reverse
      ? this.reversed(rules, recordAs)
      : this.forward(rules, recordAs);
    return planned.filter(p => p.phase === phase);
  }

  async apply(
    _phase: ShiftPhase,
    changes: ClusterChange[],
  ): Promise<WrittenTarget[]> {
    const { namespace, name } = policyOf(changes[0].target);
    const edits: ReplicaRuleEdit[] = changes.map(c => ({
      cluster: c.cluster,
      replicas: c.after ?? null,
    }));
    const resourceVersion = await this.write(namespace, name, edits);
    return [{ target: changes[0].target, resourceVersion }];
  }

  private forward(
    rules: Map<string, number>,
    recordAs: string,
  ): PlannedChange[] {
    return (this.options.moves ?? []).flatMap(m => {
      const phase = phaseOf(m.before, m.after);
      if (!phase) return [];
      const before = rules.get(m.cluster);
      return [
        {
          cluster: m.cluster,
          kind: 'override-rule' as const,
          target: recordAs,
          phase,
          before,
          after: m.after,
          // Without a rule the cluster runs what Karmada assigned it.
          scheduled: before === undefined ? m.before : undefined,
        },
      ];
    });
  }

  private reversed(
    rules: Map<string, number>,
    recordAs: string,
  ): PlannedChange[] {
    return (this.options.reverse ?? []).flatMap(net => {
      const current = rules.get(net.cluster);
      if (!landed(net, current)) return [];
      const after = rolledBackRule(net, current);
      const phase = phaseOf(
        effectiveReplicas(net, current),
        effectiveReplicas(net, after),
      );
      if (!phase && after === current) return [];
      return [
        {
          cluster: net.cluster,
          kind: 'override-rule' as const,
          target: recordAs,
          phase: phase ?? 'lower',
          before: current,
          after,
          scheduled: net.scheduled,
        },
      ];
    });
  }

  /** The policy this shift writes: the one it (or its original) recorded, else a new name. */
  private async name(): Promise<string> {
    if (this.policyName) return this.policyName;
    const recorded = (await this.options.ctx.changes.ofRun()).find(
      c => c.kind === 'override-rule',
    );
    const original = this.options.reverse?.[0]?.target;
    const known = recorded?.target ?? original;
    if (known) {
      this.policyName = policyOf(known).name;
      return this.policyName;
    }
    const computed = await failoverPolicyName(
      this.options.karmada,
      this.options.target,
      this.options.kubernetesId,
    );
    this.policyName = computed.name;
    this.superseded = computed.superseded;
    return this.policyName;
  }

  /** Edits the policy's rules (creating it when needed); answers its resourceVersion. */
  private async write(
    namespace: string,
    name: string,
    edits: ReplicaRuleEdit[],
  ): Promise<string | undefined> {
    const { karmada, ctx, target, kubernetesId } = this.options;
    const opts = { signal: ctx.signal, timeoutMs: ctx.timeoutMs };
    for (let round = 0; round < 3; round++) {
      const current = await karmada.getOverridePolicy(namespace, name, opts);
      if (!current) {
        const rules = editReplicaOverrideRules(this.superseded, edits);
        if (!rules.length) return undefined;
        try {
          const created = await karmada.createOverridePolicy(
            overridePolicyManifest(
              target,
              kubernetesId,
              [],
              ctx.run.id,
              name,
              rules,
            ),
            opts,
          );
          return created?.metadata?.resourceVersion;
        } catch (error) {
          if (isConflict(error)) continue; // created meanwhile: edit it
          throw error;
        }
      }
      return this.edit(current, edits, opts);
    }
    throw new Error(
      `OverridePolicy ${namespace}/${name} kept appearing and disappearing; giving up`,
    );
  }

  private async edit(
    current: OverridePolicy,
    edits: ReplicaRuleEdit[],
    opts: { signal: AbortSignal; timeoutMs: number },
  ): Promise<string | undefined> {
    const { karmada, ctx } = this.options;
    const namespace =
      current.metadata?.namespace ?? this.options.target.namespace;
    const name = current.metadata?.name ?? '';
    const { object } = await karmada.patchOverridePolicy(
      namespace,
      name,
      latest => ({
        metadata: {
          annotations: { [SERVICE_ANNOTATIONS.failoverRun]: ctx.run.id },
        },
        spec: { overrideRules: editReplicaOverrideRules(latest, edits) },
      }),
      opts,
    );
    const left = editReplicaOverrideRules(object, []);
    const ours = object?.metadata?.labels?.[MANAGED_BY] === 'flotilla';
    if (ours && !left.length && object?.metadata?.resourceVersion) {
      // No rule left: the policy would only pin nothing. Gone, as it came.
      await karmada.deleteOverridePolicy(
        { namespace, name, resourceVersion: object.metadata.resourceVersion },
        opts,
      );
    }
    return object?.metadata?.resourceVersion;
  }
}
