import { InfoCard } from '@backstage/core-components';
import { Grid, Typography } from '@material-ui/core';

/** A grid card per region: how many visible clusters, how many healthy. */
export function RegionSummaries(props: {
  regions: [string, { total: number; healthy: number }][];
}) {
  return (
    <>
      {props.regions.map(([region, { total, healthy }]) => (
        <Grid item xs={6} md={3} key={region}>
          <InfoCard title={region} variant="gridItem">
            <Typography variant="body2">
              {`${total} cluster${total === 1 ? '' : 's'}, ${healthy} healthy`}
            </Typography>
          </InfoCard>
        </Grid>
      ))}
    </>
  );
}
