import { Box, Typography } from '@material-ui/core';
import type { AddonCoverageReport } from '@flotilla/plugin-multi-cluster-common';
import { SmallTable } from '../common/SmallTable';
import { AddonCoverageRow } from './AddonCoverageRow';

/** Add-on × cluster: where each fleet-wide add-on is in sync, drifted or missing. */
export function AddonCoverageMatrix(props: { report: AddonCoverageReport }) {
  const { addons } = props.report;
  if (addons.length === 0) {
    return (
      <Typography variant="body2" color="textSecondary">
        No fleet-wide add-ons are configured. List them under
        multiCluster.addons in app-config.yaml, each with the Argo CD
        ApplicationSet, Rancher Fleet GitRepo or Karmada
        ClusterPropagationPolicy that delivers it, and Flotilla shows which
        clusters carry them.
      </Typography>
    );
  }
  const clusters = [
    ...new Set(addons.flatMap(a => a.clusters.map(c => c.cluster))),
  ].sort();
  return (
    <Box style={{ overflowX: 'auto' }}>
      <SmallTable
        aria-label="Add-on coverage"
        columns={['Add-on', 'Coverage', ...clusters]}
      >
        {addons.map(addon => (
          <AddonCoverageRow
            key={addon.name}
            addon={addon}
            clusters={clusters}
          />
        ))}
      </SmallTable>
    </Box>
  );
}
