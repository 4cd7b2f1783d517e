import type { LoggerService } from '@backstage/backend-plugin-api';
import type {
  ClusterUpgrade,
  ClusterUpgradeStep,
} from '@flotilla/plugin-multi-cluster-common';
import type { ClusterLifecycle } from '@flotilla/plugin-multi-cluster-node';
import type { HistoryRecorder } from '../../database/MultiClusterStore';
import { isRefusal } from '../../history/MutationRecorder';
import type { ObservedCluster } from './observedCluster';
import { ClusterUpgradeStore, StoredUpgrade } from './ClusterUpgradeStore';
import { upgradeProgress } from './upgradeProgress';
import { nextSteps, sameSteps } from './upgradeSteps';

/** What a management cluster's provider does for an upgrade in progress. @public */
export interface UpgradeOperations {
  observeCluster(lifecycle: ClusterLifecycle): Promise<ObservedCluster>;
  setMachineDeploymentVersion(
    lifecycle: ClusterLifecycle,
    machineDeployment: string,
    version: string,
  ): Promise<{ previousVersion?: string; attempts: number }>;
}

type Outcome = Pick<ClusterUpgrade, 'status' | 'error'> & {
  steps: Omit<ClusterUpgradeStep, 'since'>[];
};

const message = (error: unknown) =>
  error instanceof Error ? error.message : String(error);

/**
 * Takes every unfinished upgrade one step further on each pass (the state
 * is read from the management cluster, so a pass after a restart, or on
 * another replica, carries on where the last one stopped): it sets the next
 * MachineDeployment's version once the previous one rolled out, records
 * each step's transition in the history, and ends the upgrade when the
 * cluster runs the version everywhere or someone else changed the version.
 */
export class ClusterUpgradeWorker {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = true;

  constructor(
    private readonly options: {
      store: ClusterUpgradeStore;
      operations: (managementCluster: string) => UpgradeOperations | undefined;
      history: HistoryRecorder;
      logger: LoggerService;
      intervalMs: number;
      onChange?: () => void;
    },
  ) {}

  start() {
    this.stopped = false;
    this.schedule(0);
  }

  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Runs a pass soon (a new upgrade was started). */
  wake() {
    if (!this.stopped && !this.running) this.schedule(0);
  }

  private schedule(ms: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.pass()
        .catch(error =>
          this.options.logger.warn(`Cluster upgrades: ${message(error)}`),
        )
        .finally(() => {
          this.running = undefined;
          if (!this.stopped) this.schedule(this.options.intervalMs);
        });
    }, ms);
  }

  /** One pass over the unfinished upgrades. */
  async pass(): Promise<void> {
    for (const upgrade of await this.options.store.unfinished()) {
      await this.advance(upgrade);
    }
  }

  private async advance(upgrade: StoredUpgrade) {
    const ops = this.options.operations(upgrade.lifecycle.managementCluster);
    const outcome = ops
      ? await this.outcome(ops, upgrade)
      : {
          status: 'failed' as const,
          steps: upgrade.steps,
          error: `management cluster '${upgrade.lifecycle.managementCluster}' is not configured`,
        };
    if (outcome) await this.record(upgrade, outcome);
  }

  /** The upgrade after this pass's read and write; undefined: read again later. */
  private async outcome(
    ops: UpgradeOperations,
    upgrade: StoredUpgrade,
  ): Promise<Outcome | undefined> {
    const { lifecycle, version, management } = upgrade;
    let observed: ObservedCluster;
    try {
      observed = await ops.observeCluster(lifecycle);
    } catch (error) {
      this.options.logger.warn(
        `Upgrade of ${
          upgrade.cluster
        } to ${version}: cannot read its objects, will retry: ${message(
          error,
        )}`,
      );
      return undefined;
    }
    const { steps, action } = upgradeProgress(observed, version, management);
    if (action.kind === 'fail') {
      return { status: 'failed', steps, error: action.reason };
    }
    if (action.kind === 'done') return { status: 'succeeded', steps };
    if (action.kind === 'set-machine-deployment-version') {
      const name = action.machineDeployment;
      try {
        await ops.setMachineDeploymentVersion(lifecycle, name, version);
      } catch (error) {
        if (!isRefusal(error)) {
          this.options.logger.warn(
            `Upgrade of ${
              upgrade.cluster
            }: setting ${name} to ${version} failed, will retry: ${message(
              error,
            )}`,
          );
          return undefined;
        }
        return { status: 'failed', steps, error: message(error) };
      }
      return {
        status: 'in-progress',
        steps: steps.map(s =>
          s.kind === 'machine-deployment' && s.name === name
            ? {
                ...s,
                status: 'in-progress',
                detail: `spec.template.spec.version set to ${version}`,
              }
            : s,
        ),
      };
    }
    return { status: 'in-progress', steps };
  }

  private async record(upgrade: StoredUpgrade, outcome: Outcome) {
    const now = new Date().toISOString();
    const { steps, changed } = nextSteps(upgrade.steps, outcome.steps, now);
    const finished = outcome.status !== 'in-progress';
    if (
      !finished &&
      outcome.error === upgrade.error &&
      sameSteps(steps, upgrade.steps)
    ) {
      return;
    }
    const written = await this.options.store.update(
      upgrade.id,
      upgrade.revision,
      {
        status: outcome.status,
        steps,
        error: outcome.error,
        ...(finished ? { finishedAt: now } : {}),
      },
      now,
    );
    // Another replica recorded this pass first.
    if (!written) return;
    const common = {
      actor: upgrade.actor,
      cluster: upgrade.cluster,
      input: { upgradeId: upgrade.id, version: upgrade.version },
    };
    for (const step of changed) {
      await this.options.history.record({
        ...common,
        action: 'cluster.upgrade.step',
        status: step.status === 'failed' ? 'failed' : 'succeeded',
        result: { ...step },
      });
    }
    if (finished) {
      await this.options.history.record({
        ...common,
        action: 'cluster.upgrade.finished',
        status: outcome.status === 'succeeded' ? 'succeeded' : 'failed',
        ...(outcome.error ? { error: outcome.error } : {}),
        result: { status: outcome.status },
      });
    }
    this.options.onChange?.();
  }
}
