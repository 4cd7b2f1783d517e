import { Box, Chip, Typography } from '@material-ui/core';
import Alert from '@material-ui/lab/Alert';
import { Progress } from '@backstage/core-components';
import {
  formatDuration,
  type DrFinding,
  type DrillSummary,
  type FindingSeverity,
} from '@flotilla/plugin-multi-cluster-common';

const SEVERITY_TO_ALERT: Record<FindingSeverity, 'error' | 'warning' | 'info'> =
  {
    critical: 'error',
    high: 'error',
    medium: 'warning',
    low: 'info',
    info: 'info',
  };

/** What the backend finds wrong with the service's DR posture on the live fleet. */
export function PostureFindings(props: {
  findings: DrFinding[];
  loading: boolean;
  error?: Error;
}) {
  const { findings } = props;
  return (
    <Box mt={2}>
      {props.loading && <Progress />}
      {props.error && (
        <Alert severity="warning">
          Posture unavailable: {props.error.message}
        </Alert>
      )}
      {findings.length === 0 && !props.loading ? (
        <Alert severity="success">No posture findings.</Alert>
      ) : (
        // One id can repeat, e.g. one unreachable failover target each.
        findings.map((f, index) => (
          <Box mb={1} key={`${f.id}-${index}`}>
            <Alert severity={SEVERITY_TO_ALERT[f.severity]}>
              <strong>{f.title}</strong>{' '}
              <Chip size="small" label={f.severity} /> {f.detail}
            </Alert>
          </Box>
        ))
      )}
    </Box>
  );
}

/** One drill: when, from where to where, how it ended and its achieved RTO. */
function Drill(props: { drill: DrillSummary }) {
  const d = props.drill;
  return (
    <Typography variant="body2">
      {d.createdAt.slice(0, 16).replace('T', ' ')} {d.from} → {d.to.join(', ')}:{' '}
      {d.status}
      {d.achievedRtoSeconds !== null
        ? `, RTO ${formatDuration(d.achievedRtoSeconds)}`
        : ''}
      {d.metTarget === true ? ' (met the target)' : ''}
      {d.metTarget === false
        ? ` (missed the target${
            d.metTargetReason ? `: ${d.metTargetReason}` : ''
          })`
        : ''}
    </Typography>
  );
}

/** The three most recent drills, or how to get a first one. */
export function LastDrills(props: { drills: DrillSummary[] }) {
  const { drills } = props;
  return (
    <Box mt={2}>
      <Typography variant="subtitle2">Last drills</Typography>
      {drills.length === 0 ? (
        <Typography variant="body2" color="textSecondary">
          No drills yet: run one to measure the achieved RTO.
        </Typography>
      ) : (
        drills.map(d => <Drill key={d.runId} drill={d} />)
      )}
    </Box>
  );
}
