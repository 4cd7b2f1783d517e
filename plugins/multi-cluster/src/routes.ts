import { createRouteRef } from '@backstage/core-plugin-api';

export const fleetRouteRef = createRouteRef({ id: 'multi-cluster:fleet' });
