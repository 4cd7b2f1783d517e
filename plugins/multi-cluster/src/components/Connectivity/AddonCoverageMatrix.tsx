import {
  Box,
  Chip,
  makeStyles,
  Table as MuiTable,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@material-ui/core';
import Alert from '@material-ui/lab/Alert';
import type {
  AddonClusterStatus,
  AddonCoverageReport,
  AddonState,
} from '@flotilla/plugin-multi-cluster-common';
import { DELIVERY_TITLES } from './format';

const useStyles = makeStyles(theme => ({
  'in-sync': {
    backgroundColor: theme.palette.success.main,
    color: theme.palette.success.contrastText,
  },
  drifted: {
    backgroundColor: theme.palette.warning.main,
    color: theme.palette.warning.contrastText,
  },
  missing: {
    backgroundColor: theme.palette.error.main,
    color: theme.palette.error.contrastText,
  },
  unknown: {},
}));

const STATE_LABELS: Record<AddonState, string> = {
  'in-sync': 'in sync',
  drifted: 'drifted',
  missing: 'missing',
  unknown: 'unknown',
};

/** What the chip's tooltip says: why, and which revision against which. */
function describe(status: AddonClusterStatus): string {
  const revision =
    status.revision || status.desiredRevision
      ? `revision ${status.revision ?? 'none'}${
          status.desiredRevision && status.desiredRevision !== status.revision
            ? `, wants ${status.desiredRevision}`
            : ''
        }`
      : undefined;
  return (
    [status.message, revision].filter(Boolean).join('; ') ||
    STATE_LABELS[status.state]
  );
}

/** Add-on × cluster: where each fleet-wide add-on is in sync, drifted or missing. */
export function AddonCoverageMatrix(props: { report: AddonCoverageReport }) {
  const classes = useStyles();
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
      <MuiTable size="small" aria-label="Add-on coverage">
        <TableHead>
          <TableRow>
            <TableCell>Add-on</TableCell>
            <TableCell>Coverage</TableCell>
            {clusters.map(cluster => (
              <TableCell key={cluster}>{cluster}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {addons.map(addon => {
            const byCluster = new Map(addon.clusters.map(c => [c.cluster, c]));
            const inSync = addon.clusters.filter(
              c => c.state === 'in-sync',
            ).length;
            return (
              <TableRow key={addon.name} data-testid={`addon-${addon.name}`}>
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
                      <Alert severity="error">
                        Delivery unreadable: {addon.error}
                      </Alert>
                    </Box>
                  )}
                </TableCell>
                <TableCell>
                  {`${inSync} of ${addon.clusters.length} in sync`}
                </TableCell>
                {clusters.map(cluster => {
                  const status = byCluster.get(cluster);
                  return (
                    <TableCell
                      key={cluster}
                      data-testid={`addon-${addon.name}-${cluster}`}
                    >
                      {status ? (
                        <Tooltip title={describe(status)}>
                          <Chip
                            size="small"
                            className={classes[status.state]}
                            label={STATE_LABELS[status.state] ?? status.state}
                          />
                        </Tooltip>
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
          })}
        </TableBody>
      </MuiTable>
    </Box>
  );
}
