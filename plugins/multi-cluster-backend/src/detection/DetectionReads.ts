import {
  BackstageCredentials,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import { NotAllowedError } from '@backstage/errors';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import {
  type ClusterHealthEvidence,
  clusterVerdict,
  type DetectionCluster,
  type DetectionDecision,
  type FleetCluster,
  multiClusterFailoverReadPermission,
} from '@flotilla/plugin-multi-cluster-common';
import type { ClusterReadService } from '../clusters/ClusterReadService';
import { normalizeEntityRef } from '../failover/FailoverAccess';
import type { DecisionStore } from './DecisionStore';
import type { StoredWindow, WindowStore } from './WindowStore';

function since(stored: StoredWindow<ClusterHealthEvidence>) {
  const { window } = stored;
  if (window.state === 'failing') return window.failingSince;
  if (window.state === 'healthy') return window.healthySince;
  return undefined;
}

/**
 * What the detection routes read, each on what the caller may read: the
 * clusters it holds `multi-cluster.cluster.read` on, and the decisions of
 * those clusters whose services it holds `multi-cluster.failover.read` on
 * (the permission failover runs are read with, on the catalog entity).
 */
export class DetectionReads {
  constructor(
    private readonly options: {
      windows: WindowStore;
      decisions: DecisionStore;
      clusters: Pick<ClusterReadService, 'readableClusters'>;
      permissions: PermissionsService;
    },
  ) {}

  /**
   * Every readable cluster with detection's window over it; a cluster not
   * observed yet (detection off, or just added) has the verdict of the
   * inventory's record, with no `since`.
   */
  async clusters(
    credentials: BackstageCredentials,
  ): Promise<DetectionCluster[]> {
    const [readable, windows] = await Promise.all([
      this.options.clusters.readableClusters(credentials),
      this.options.windows.clusters<ClusterHealthEvidence>(),
    ]);
    return readable
      .map(cluster => this.view(cluster, windows.get(cluster.name)))
      .sort((a, b) => a.cluster.localeCompare(b.cluster));
  }

  private view(
    cluster: FleetCluster,
    stored: StoredWindow<ClusterHealthEvidence> | undefined,
  ): DetectionCluster {
    const verdict =
      stored?.verdict ?? clusterVerdict({ cluster, now: new Date() });
    const from = stored ? since(stored) : undefined;
    return {
      cluster: cluster.name,
      ...(cluster.region ? { region: cluster.region } : {}),
      state: verdict.state,
      ...(from ? { since: from } : {}),
      evidence: verdict.evidence,
    };
  }

  /** Newest first; with `entityRef`, 403 unless the caller may read it. */
  async decisions(
    query: { entityRef?: string; cluster?: string; limit: number },
    credentials: BackstageCredentials,
  ): Promise<DetectionDecision[]> {
    const entityRef = query.entityRef
      ? normalizeEntityRef(query.entityRef)
      : undefined;
    if (entityRef) await this.authorizeEntity(entityRef, credentials);
    const [decisions, readable] = await Promise.all([
      this.options.decisions.list({ ...query, entityRef }),
      this.options.clusters.readableClusters(credentials),
    ]);
    const clusters = new Set(readable.map(c => c.name));
    const ofReadableClusters = decisions.filter(d =>
      d.clusters.every(c => clusters.has(c)),
    );
    return entityRef
      ? ofReadableClusters
      : this.ofReadableEntities(ofReadableClusters, credentials);
  }

  private async authorizeEntity(
    entityRef: string,
    credentials: BackstageCredentials,
  ): Promise<void> {
    const [decision] = await this.options.permissions.authorize(
      [
        {
          permission: multiClusterFailoverReadPermission,
          resourceRef: entityRef,
        },
      ],
      { credentials },
    );
    if (decision.result !== AuthorizeResult.ALLOW) {
      throw new NotAllowedError(
        `Permission '${multiClusterFailoverReadPermission.name}' denied for ${entityRef}`,
      );
    }
  }

  /** One permission decision per service named in the list. */
  private async ofReadableEntities(
    decisions: DetectionDecision[],
    credentials: BackstageCredentials,
  ): Promise<DetectionDecision[]> {
    const refs = [
      ...new Set(decisions.flatMap(d => (d.entityRef ? [d.entityRef] : []))),
    ];
    const answers = refs.length
      ? await this.options.permissions.authorize(
          refs.map(resourceRef => ({
            permission: multiClusterFailoverReadPermission,
            resourceRef,
          })),
          { credentials },
        )
      : [];
    const allowed = new Set(
      refs.filter((_, i) => answers[i].result === AuthorizeResult.ALLOW),
    );
    return decisions.filter(d => !d.entityRef || allowed.has(d.entityRef));
  }
}
