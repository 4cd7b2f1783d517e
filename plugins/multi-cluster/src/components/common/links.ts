import { useRouteRef } from '@backstage/core-plugin-api';
import {
  entityRouteParams,
  entityRouteRef,
} from '@backstage/plugin-catalog-react';
import { regionFailoverRouteRef } from '../../routes';
import { FOLLOW_RUN_PARAM } from '../Failover/followRun';

/**
 * Links to a failover run: its service's Multi-cluster tab, whose failover
 * panel follows the run named in the link.
 */
export function useFailoverRunLink(): (
  entityRef: string,
  runId: string,
) => string {
  const entityRoute = useRouteRef(entityRouteRef);
  return (entityRef, runId) => {
    const params = entityRouteParams(entityRef, { encodeParams: true });
    const query = new URLSearchParams({ [FOLLOW_RUN_PARAM]: runId });
    return `${entityRoute(params)}/multi-cluster?${query}`;
  };
}

/**
 * Links to a region failover on the fleet page, or nothing where the app
 * does not mount the fleet page (a legacy app may install the entity tab
 * alone): a service's tab then lists decisions without the link.
 */
export function useRegionFailoverLink():
  | ((stormId: string) => string)
  | undefined {
  // useRouteRef throws for a route the app does not mount, after its own
  // hooks ran: the hook order stays the same either way.
  try {
    const link = useRouteRef(regionFailoverRouteRef);
    return (stormId: string) => link({ id: stormId });
  } catch {
    return undefined;
  }
}
