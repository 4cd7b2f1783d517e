import { useMemo } from 'react';
import { InfoCard, Progress } from '@backstage/core-components';
import type { Entity } from '@backstage/catalog-model';
import { entityNameOf } from '../EntityMultiClusterContent/entityName';
import { AdviceError } from './AdviceError';
import { AdviceResult } from './AdviceResult';
import { RequirementsForm } from './RequirementsForm';
import { RequirementsSource } from './RequirementsSource';
import { usePlacementAdvice } from './usePlacementAdvice';

/**
 * Where the service could run, ranked, for its annotated requirements or
 * for the ones edited here, with why, what it would cost against where it
 * runs now, and where every input came from.
 */
export function PlacementAdvisorCard(props: { entity: Entity }) {
  const { entity } = props;
  const entityName = useMemo(() => entityNameOf(entity), [entity]);
  const { state, edited, advise } = usePlacementAdvice(entityName);
  const advice = state.value;
  const requirements = edited ?? advice?.requirements;
  return (
    <InfoCard title="Placement advice">
      <div data-testid="placement-advisor">
        {(advice || state.error) && (
          <RequirementsSource
            annotations={entity.metadata.annotations ?? {}}
            edited={Boolean(edited)}
            problems={advice?.problems ?? []}
            onReset={() => advise(undefined)}
          />
        )}
        {(advice || state.error) && (
          // A new answer's requirements reset the fields.
          <RequirementsForm
            key={JSON.stringify(requirements ?? null)}
            initial={requirements}
            busy={state.loading}
            onAdvise={advise}
          />
        )}
        {state.loading && <Progress />}
        {state.error && <AdviceError error={state.error} />}
        {advice && !state.error && <AdviceResult advice={advice} />}
      </div>
    </InfoCard>
  );
}
