import { Box, TableCell, TableRow, Typography } from '@material-ui/core';
import Alert from '@material-ui/lab/Alert';
import type { AddonCoverage } from '@flotilla/plugin-multi-cluster-common';
import { AddonStatusChip } from './AddonStatusChip';
import { DELIVERY_TITLES } from './format';

/** The add-on's name, category, delivery and source, and a delivery it cannot read. */
function AddonCell(props: { addon: AddonCoverage }) {
  const { addon } = props;
  return (
    <TableCell>
      <Typography variant="subtitle2">{addon.name}</Typography>
      <Typography variant="caption" color="textSecondary">
        {[
          addon.category,
          DELIVERY_TITLES[addon.delivery] ?? addon.delivery,
          addon.source,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
      {addon.error && (
        <Box mt={1}>
          <Alert severity="error">Delivery unreadable: {addon.error}</Alert>
        </Box>
      )}
    </TableCell>
  );
}

/** One add-on: how many clusters it is in sync on, then its state per cluster. */
export function AddonCoverageRow(props: {
  addon: AddonCoverage;
  clusters: string[];
}) {
  const { addon } = props;
  const byCluster = new Map(addon.clusters.map(c => [c.cluster, c]));
  const inSync = addon.clusters.filter(c => c.state === 'in-sync').length;
  return (
    <TableRow data-testid={`addon-${addon.name}`}>
      <AddonCell addon={addon} />
      <TableCell>{`${inSync} of ${addon.clusters.length} in sync`}</TableCell>
      {props.clusters.map(cluster => {
        const status = byCluster.get(cluster);
        return (
          <TableCell
            key={cluster}
            data-testid={`addon-${addon.name}-${cluster}`}
          >
            {status ? (
              <AddonStatusChip status={status} />
            ) : (
              <Typography variant="caption" color="textSecondary">
                not targeted
              </Typography>
            )}
          </TableCell>
        );
      })}
    </TableRow>
  );
}
