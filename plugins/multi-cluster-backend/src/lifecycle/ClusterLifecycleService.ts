import {
  BackstageCredentials,
  LoggerService,
} from '@backstage/backend-plugin-api';
import { InputError, NotFoundError } from '@backstage/errors';
import {
  multiClusterClusterDeletePermission,
  multiClusterClusterScalePermission,
  multiClusterClusterUpgradePermission,
} from '@flotilla/plugin-multi-cluster-common';
import { ResourcePermission } from '@backstage/plugin-permission-common';
import { Request } from 'express';
import type { ClusterUpgrade } from '@flotilla/plugin-multi-cluster-common';
import { actorOf, MutationRecorder } from '../history/MutationRecorder';
import { FleetInventoryService } from '../inventory/FleetInventory';
import { FleetCluster } from '@flotilla/plugin-multi-cluster-node';
import { ClusterPermissions } from '../permissions/ClusterPermissions';
import {
  ClusterLifecycleProvider,
  DeleteClusterResult,
  ScaleMachineDeploymentResult,
  UpgradeClusterAnswer,
} from './types';
import type { ClusterUpgrades } from './upgrade/ClusterUpgrades';

/** Caller context of a lifecycle call (route or action). */
export interface CallContext {
  credentials: BackstageCredentials;
  request?: Request;
}

/**
 * Cluster lifecycle (scale, upgrade, delete): authorizes with the cluster
 * permissions (including conditional rules), dispatches to the cluster's
 * Cluster API management cluster, audits and records history. An upgrade's
 * first write is made here; its later steps run in the background
 * (`ClusterUpgrades`).
 */
export class ClusterLifecycleService {
  constructor(
    private readonly options: {
      inventory: FleetInventoryService;
      providers: Map<string, ClusterLifecycleProvider>;
      permissions: Pick<ClusterPermissions, 'authorizeCluster'>;
      recorder: MutationRecorder;
      upgrades: ClusterUpgrades;
      logger: LoggerService;
      onChange?: () => void;
    },
  ) {}

  /** The cluster's latest upgrade (the caller checked it may read the cluster). */
  async latestUpgrade(name: string): Promise<ClusterUpgrade> {
    const upgrade = await this.options.upgrades.latest(name);
    if (!upgrade) {
      throw new NotFoundError(`Cluster '${name}' has not been upgraded`);
    }
    return upgrade;
  }

  private async resolve(name: string) {
    const cluster = await this.options.inventory.getCluster(name);
    if (!cluster) {
      throw new NotFoundError(`Cluster '${name}' not found`);
    }
    return cluster;
  }

  private provider(cluster: FleetCluster): ClusterLifecycleProvider {
    const lc = cluster.lifecycle;
    if (!lc) {
      throw new InputError(
        `Cluster '${cluster.name}' is not managed by Cluster API; lifecycle actions are unavailable`,
      );
    }
    const provider = this.options.providers.get(lc.managementCluster);
    if (!provider) {
      throw new InputError(
        `Management cluster '${lc.managementCluster}' of '${cluster.name}' is not configured`,
      );
    }
    return provider;
  }

  private authorize(
    permission: ResourcePermission,
    cluster: FleetCluster,
    ctx: CallContext,
  ) {
    return () =>
      this.options.permissions.authorizeCluster(
        permission,
        cluster,
        ctx.credentials,
      );
  }

  async scale(
    name: string,
    input: { machineDeployment: string; replicas: number },
    ctx: CallContext,
  ): Promise<ScaleMachineDeploymentResult> {
    const cluster = await this.resolve(name);
    const result = await this.options.recorder.run({
      eventId: 'cluster-scale',
      action: 'cluster.scale',
      severityLevel: 'medium',
      credentials: ctx.credentials,
      request: ctx.request,
      cluster: name,
      input,
      authorize: this.authorize(
        multiClusterClusterScalePermission,
        cluster,
        ctx,
      ),
      run: () =>
        this.provider(cluster).scaleMachineDeployment(
          name,
          cluster.lifecycle!,
          input.machineDeployment,
          input.replicas,
        ),
    });
    this.options.onChange?.();
    return result;
  }

  async upgrade(
    name: string,
    input: { version: string },
    ctx: CallContext,
  ): Promise<UpgradeClusterAnswer> {
    const cluster = await this.resolve(name);
    const result = await this.options.recorder.run({
      eventId: 'cluster-upgrade',
      action: 'cluster.upgrade',
      severityLevel: 'high',
      credentials: ctx.credentials,
      request: ctx.request,
      cluster: name,
      input,
      authorize: this.authorize(
        multiClusterClusterUpgradePermission,
        cluster,
        ctx,
      ),
      run: async () => {
        const lifecycle = cluster.lifecycle!;
        const written = await this.provider(cluster).upgrade(
          name,
          lifecycle,
          input.version,
        );
        const upgrade = await this.options.upgrades.start(
          name,
          lifecycle,
          written,
          actorOf(ctx.credentials),
        );
        return { ...written, upgrade };
      },
    });
    this.options.onChange?.();
    return result;
  }

  async delete(
    name: string,
    input: { confirm: string },
    ctx: CallContext,
  ): Promise<DeleteClusterResult> {
    const cluster = await this.resolve(name);
    const result = await this.options.recorder.run({
      eventId: 'cluster-delete',
      action: 'cluster.delete',
      severityLevel: 'critical',
      credentials: ctx.credentials,
      request: ctx.request,
      cluster: name,
      input,
      authorize: this.authorize(
        multiClusterClusterDeletePermission,
        cluster,
        ctx,
      ),
      run: async () => {
        if (input.confirm !== name) {
          throw new InputError(
            `confirm: must be exactly the cluster name '${name}'`,
          );
        }
        return this.provider(cluster).deleteCluster(name, cluster.lifecycle!);
      },
    });
    this.options.onChange?.();
    return result;
  }
}
