import { InfoCard } from '@backstage/core-components';
import { Grid } from '@material-ui/core';
import { stringify as stringifyYaml } from 'yaml';
import type { ServiceDrSpec } from '@flotilla/plugin-multi-cluster-common';
import { DeferredCodeSnippet } from '../common/DeferredCodeSnippet';
import { PlacementSimulator } from '../common/PlacementSimulator';

/** The placement the service declares, if any, beside a preview seeded with it. */
export function PlacementCards(props: { spec?: ServiceDrSpec }) {
  const { spec } = props;
  return (
    <>
      {spec?.placement && (
        <Grid item xs={12} md={6}>
          <InfoCard title="Declared placement">
            <DeferredCodeSnippet
              language="yaml"
              text={stringifyYaml(spec.placement)}
            />
          </InfoCard>
        </Grid>
      )}
      <Grid item xs={12} md={spec?.placement ? 6 : 12}>
        <InfoCard title="Placement preview">
          <PlacementSimulator
            title=""
            initialReplicas={spec?.replicas}
            initialPlacement={spec?.placement}
          />
        </InfoCard>
      </Grid>
    </>
  );
}
