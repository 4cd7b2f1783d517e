import { useMemo } from 'react';
import useAsync from 'react-use/esm/useAsync';
import useAsyncRetry from 'react-use/esm/useAsyncRetry';
import { useApi, useApiHolder } from '@backstage/core-plugin-api';
import { kubernetesAuthProvidersApiRef } from '@backstage/plugin-kubernetes-react';
import type { Entity } from '@backstage/catalog-model';
import {
  multiClusterApiRef,
  userAuthProvidersOf,
  userClusterCredentialHeaders,
} from '../../api';
import { useRereadAfterChange } from '../common/useRereadAfterChange';
import { entityNameOf } from './entityName';
import { replicaRowsOf } from './replicaRows';

/**
 * The fleet, where the service is placed and runs (read with the signed-in
 * user's cluster credentials where needed), and its replicas per cluster.
 */
export function useServicePlacement(entity: Entity, entityRef: string) {
  const api = useApi(multiClusterApiRef);
  const fleetState = useAsync(() => api.listAllClusters(), [api]);
  // Clusters that read as the signed-in user get the user's token, from the
  // Kubernetes plugin's auth providers when the app has them.
  const authProviders = useApiHolder().get(kubernetesAuthProvidersApiRef);
  const userProviders = useMemo(
    () => userAuthProvidersOf(fleetState.value ?? []).join(' '),
    [fleetState.value],
  );
  // Read at once, not after the fleet: only a fleet with clusters that read
  // as the user (rare, and known once listed) has it read again with the
  // user's credentials. The rows wait for the fleet either way.
  const placementState = useAsyncRetry(async () => {
    const headers = await userClusterCredentialHeaders(
      userProviders ? userProviders.split(' ') : [],
      authProviders,
    );
    return api.getEntityPlacement(entityNameOf(entity), { headers });
  }, [api, entityRef, userProviders, authProviders]);

  // A finished run has lowered its sources just before it ended; the
  // members report the drained Deployments a few seconds later.
  const watchPlacement = useRereadAfterChange(
    placementState.retry,
    placementState.value,
    false,
  );

  const rows = useMemo(
    () => replicaRowsOf(placementState.value, fleetState.value ?? []),
    [placementState.value, fleetState.value],
  );
  return { fleetState, placementState, watchPlacement, rows };
}
