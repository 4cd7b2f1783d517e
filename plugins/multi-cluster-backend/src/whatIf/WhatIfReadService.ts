import {
  AuditorService,
  BackstageCredentials,
} from '@backstage/backend-plugin-api';
import { InputError } from '@backstage/errors';
import {
  multiClusterFleetPlanPermission,
  type WhatIfPlan,
  type WhatIfRequestInput,
} from '@flotilla/plugin-multi-cluster-common';
import type { Request } from 'express';
import { callerOf } from '../placement/compute/PlacementWorkerPool';
import type { ClusterPermissions } from '../permissions/ClusterPermissions';
import {
  AUDIT_BOUNDS,
  sanitizeError,
  sanitizeJsonObject,
} from '../util/sanitizeJson';
import type { WhatIfService } from './WhatIfService';

/**
 * What-if plans for callers (`POST /what-if`, the `plan-cluster-loss`
 * action): `multi-cluster.fleet.plan` first, then the plan. Every call is
 * audited (a plan reads every DR-declared service with the plugin's own
 * credentials), refusals as failures.
 */
export class WhatIfReadService {
  constructor(
    private readonly options: {
      permissions: Pick<ClusterPermissions, 'authorizeBasic'>;
      whatIf: Pick<WhatIfService, 'plan'>;
      auditor?: AuditorService;
    },
  ) {}

  async plan(
    request: WhatIfRequestInput,
    credentials: BackstageCredentials,
    httpRequest?: Request,
  ): Promise<WhatIfPlan> {
    const { entityRefs, ...loss } = request;
    const event = await this.options.auditor?.createEvent({
      eventId: 'what-if-plan',
      severityLevel: 'low',
      request: httpRequest,
      meta: sanitizeJsonObject({ request }, AUDIT_BOUNDS),
    });
    try {
      await this.options.permissions.authorizeBasic(
        multiClusterFleetPlanPermission,
        credentials,
      );
      const named =
        (loss.clusters?.length ?? 0) +
        (loss.regions?.length ?? 0) +
        (loss.providers?.length ?? 0);
      if (named === 0) {
        throw new InputError(
          'Invalid request body: name at least one cluster, region or provider to lose',
        );
      }
      const plan = await this.options.whatIf.plan(loss, entityRefs, {
        caller: callerOf(credentials),
      });
      await event?.success({
        meta: { lostClusters: plan.lostClusters.length, ...plan.summary },
      });
      return plan;
    } catch (error) {
      await event?.fail({
        error: sanitizeError(error, AUDIT_BOUNDS.maxString),
      });
      throw error;
    }
  }
}
