import { useState } from 'react';
import { Box, Typography } from '@material-ui/core';
import type { EntityPlacementAdvice } from '@flotilla/plugin-multi-cluster-common';
import { AlternativeDetails } from './AlternativeDetails';
import { AlternativesTable } from './AlternativesTable';
import { CurrentComparison } from './CurrentComparison';
import { ExcludedClusters } from './ExcludedClusters';
import { RejectedCandidates } from './RejectedCandidates';
import { InputProvenance } from './InputProvenance';

function ObjectivesLine(props: {
  objectives: EntityPlacementAdvice['objectives'];
}) {
  return (
    <Typography
      variant="caption"
      component="div"
      data-testid="placement-advice-objectives"
    >
      Objectives weighed:{' '}
      {props.objectives
        .map(
          o =>
            `${o.id} x${o.weight}${o.origin === 'module' ? ' (module)' : ''}`,
        )
        .join(', ')}
    </Typography>
  );
}

/** The ranked alternatives, the comparison, the exclusions and the inputs. */
export function AdviceResult(props: { advice: EntityPlacementAdvice }) {
  const { advice } = props;
  const { recommendations, excluded, rejected } = advice.advice;
  const [selected, setSelected] = useState(1);
  const shown =
    recommendations.find(r => r.rank === selected) ?? recommendations[0];
  return (
    <>
      <ObjectivesLine objectives={advice.objectives} />
      {shown ? (
        <>
          <AlternativesTable
            recommendations={recommendations}
            selected={shown.rank}
            onSelect={setSelected}
          />
          <AlternativeDetails
            recommendation={shown}
            objectives={advice.objectives}
          />
          <Box mt={2}>
            <Typography variant="subtitle2">
              Compare with current placement
            </Typography>
            <CurrentComparison
              current={advice.current}
              comparisons={advice.comparisons}
            />
          </Box>
        </>
      ) : (
        <Typography variant="body2" data-testid="placement-advice-empty">
          No placement meets these requirements: see why each cluster was
          excluded and which candidate sets were rejected.
        </Typography>
      )}
      <Box mt={2}>
        <ExcludedClusters excluded={excluded} />
        <RejectedCandidates rejected={rejected} />
        <InputProvenance inputs={advice.inputs} />
      </Box>
    </>
  );
}
