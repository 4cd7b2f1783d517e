import type { Entity } from '@backstage/catalog-model';
import { SERVICE_ANNOTATIONS } from '@flotilla/plugin-multi-cluster-common';

/**
 * True for services Flotilla can show: they name their workloads or declare
 * a DR strategy or placement.
 *
 * @public
 */
export function isMultiClusterAvailable(entity: Entity): boolean {
  const annotations = entity.metadata.annotations ?? {};
  return (
    entity.kind.toLocaleLowerCase('en-US') === 'component' &&
    Boolean(
      annotations[SERVICE_ANNOTATIONS.kubernetesId] ||
        annotations[SERVICE_ANNOTATIONS.drStrategy] ||
        annotations[SERVICE_ANNOTATIONS.placement],
    )
  );
}

/**
 * True for `Resource` entities of `spec.type: kubernetes-cluster`.
 *
 * @public
 */
export function isKubernetesCluster(entity: Entity): boolean {
  return (
    entity.kind.toLocaleLowerCase('en-US') === 'resource' &&
    entity.spec?.type === 'kubernetes-cluster'
  );
}
