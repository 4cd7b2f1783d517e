import { CLUSTER_ANNOTATIONS } from '../../fleet/annotations';
import type { NormalizedCapiClusterInput } from './types';

/**
 * Label keys of Flotilla's fleet segmentation axes.
 *
 * @public
 */
export const SEGMENTATION_LABELS = {
  environment: CLUSTER_ANNOTATIONS.environment,
  region: CLUSTER_ANNOTATIONS.region,
  provider: CLUSTER_ANNOTATIONS.provider,
  tenant: CLUSTER_ANNOTATIONS.tenant,
  workloadClass: CLUSTER_ANNOTATIONS.workloadClass,
} as const;

/**
 * The segmentation label of each axis and the value the input gives it (the
 * segmentation's, else the cluster's region and provider), in axis order.
 */
export function segmentationLabelValues(
  input: Pick<
    NormalizedCapiClusterInput,
    'segmentation' | 'region' | 'provider'
  >,
): Array<[string, string | undefined]> {
  const segmentation = input.segmentation ?? {};
  return [
    [SEGMENTATION_LABELS.environment, segmentation.environment],
    [SEGMENTATION_LABELS.region, segmentation.region ?? input.region],
    [SEGMENTATION_LABELS.provider, input.provider],
    [SEGMENTATION_LABELS.tenant, segmentation.tenant],
    [SEGMENTATION_LABELS.workloadClass, segmentation.workloadClass],
  ];
}
