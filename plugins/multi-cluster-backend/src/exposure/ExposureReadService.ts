import { BackstageCredentials } from '@backstage/backend-plugin-api';
import { CompoundEntityRef } from '@backstage/catalog-model';
import type { EntityExposure } from '@flotilla/plugin-multi-cluster-common';
import { ClusterPermissions } from '../permissions/ClusterPermissions';
import { EntityExposureService } from './EntityExposureService';

/**
 * An entity's exposure (MCS exports, reachability of its dependencies):
 * needs `multi-cluster.placement.read` and shows only the clusters the
 * caller may read.
 */
export class ExposureReadService {
  constructor(
    private readonly options: {
      permissions: ClusterPermissions;
      exposure: Pick<EntityExposureService, 'getExposure'>;
    },
  ) {}

  async getExposure(
    ref: CompoundEntityRef,
    credentials: BackstageCredentials,
  ): Promise<EntityExposure> {
    const canRead = await this.options.permissions.authorizePlacementRead(
      credentials,
    );
    return this.options.exposure.getExposure(ref, credentials, canRead);
  }
}
