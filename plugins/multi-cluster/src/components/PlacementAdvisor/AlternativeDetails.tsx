import { Box, Grid, Typography } from '@material-ui/core';
import type {
  EntityPlacementAdvice,
  PlacementRecommendation,
} from '@flotilla/plugin-multi-cluster-common';
import { ObjectiveScoresChart } from './ObjectiveScoresChart';
import { PlacementYaml } from './PlacementYaml';

/** One alternative: its scores per objective, why, and its Karmada placement. */
export function AlternativeDetails(props: {
  recommendation: PlacementRecommendation;
  objectives: EntityPlacementAdvice['objectives'];
}) {
  const { recommendation: r } = props;
  return (
    <Box mt={2} data-testid="placement-advice-details">
      <Typography variant="subtitle2">
        Rank {r.rank} ({r.strategy}): scores per objective
      </Typography>
      <Grid container spacing={2}>
        <Grid item xs={12} md={5}>
          <ObjectiveScoresChart
            objectives={props.objectives}
            byObjective={r.score.byObjective}
          />
          {r.explanation.map(e => (
            <Typography key={e.cluster} variant="body2">
              {e.cluster}: {e.reasons.join('; ')}
            </Typography>
          ))}
        </Grid>
        <Grid item xs={12} md={7}>
          <Typography variant="subtitle2">
            PropagationPolicy placement
          </Typography>
          <PlacementYaml rank={r.rank} placement={r.placement} />
        </Grid>
      </Grid>
    </Box>
  );
}
