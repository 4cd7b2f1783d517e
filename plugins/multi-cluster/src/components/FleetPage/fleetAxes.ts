import type { FleetCluster } from '@flotilla/plugin-multi-cluster-common';

export type Axis =
  | 'environment'
  | 'region'
  | 'provider'
  | 'tenant'
  | 'workloadClass'
  | 'health';

/** The value chosen per axis; an axis without one does not filter. */
export type AxisFilters = Partial<Record<Axis, string>>;

export interface FleetAxis {
  id: Axis;
  title: string;
  value: (c: FleetCluster) => string | undefined;
}

/** The segmentation axes the fleet page filters by, in the order shown. */
export const AXES: FleetAxis[] = [
  { id: 'environment', title: 'Environment', value: c => c.environment },
  { id: 'region', title: 'Region', value: c => c.region },
  { id: 'provider', title: 'Provider', value: c => c.provider },
  { id: 'tenant', title: 'Tenant', value: c => c.tenant },
  { id: 'workloadClass', title: 'Workload class', value: c => c.workloadClass },
  { id: 'health', title: 'Health', value: c => c.health.status },
];
