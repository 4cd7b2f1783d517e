import { Chip, makeStyles, Tooltip } from '@material-ui/core';
import type {
  AddonClusterStatus,
  AddonState,
} from '@flotilla/plugin-multi-cluster-common';

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

/** One add-on's state on one cluster, coloured by state, the detail on hover. */
export function AddonStatusChip(props: { status: AddonClusterStatus }) {
  const classes = useStyles();
  const { status } = props;
  return (
    <Tooltip title={describe(status)}>
      <Chip
        size="small"
        className={classes[status.state]}
        label={STATE_LABELS[status.state] ?? status.state}
      />
    </Tooltip>
  );
}
