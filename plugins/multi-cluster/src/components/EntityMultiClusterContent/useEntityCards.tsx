import { useMemo } from 'react';
import { stringifyEntityRef, type Entity } from '@backstage/catalog-model';
import type { ServiceDrSpec } from '@flotilla/plugin-multi-cluster-common';
import { EntityDetectionCard } from '../Detection';
import { ExposureCard } from '../Connectivity';
import { PlacementAdvisorCard } from '../PlacementAdvisor';
import { entityNameOf } from './entityName';
import { PlacementCards } from './PlacementCards';

/**
 * The tab's cards that need none of the tab's own reads, made once per
 * entity: the tab renders again as each of its reads answers, and React
 * skips an element it has already rendered (the advisor alone is a third
 * of the page).
 */
export function useEntityCards(entity: Entity, spec?: ServiceDrSpec) {
  const entityRef = stringifyEntityRef(entity);
  const advisor = useMemo(
    () => <PlacementAdvisorCard entity={entity} />,
    [entity],
  );
  const exposure = useMemo(
    () => <ExposureCard entity={entityNameOf(entity)} />,
    [entity],
  );
  const detection = useMemo(
    () => <EntityDetectionCard entityRef={entityRef} />,
    [entityRef],
  );
  const placementCards = useMemo(() => <PlacementCards spec={spec} />, [spec]);
  return { advisor, exposure, detection, placementCards };
}
