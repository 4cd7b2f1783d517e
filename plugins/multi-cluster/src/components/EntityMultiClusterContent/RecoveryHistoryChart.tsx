import { Box, Typography } from '@material-ui/core';
import Alert from '@material-ui/lab/Alert';
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import {
  formatDuration,
  type RecoveryHistory,
  type RecoveryHistoryItem,
} from '@flotilla/plugin-multi-cluster-common';

/** One run on the chart, oldest first. */
export interface RecoveryPoint {
  label: string;
  runId: string;
  rto: number | null;
  /** null when unknown or not applicable: never drawn as 0. */
  rpo: number | null;
  rpoUnknown: boolean;
}

const KIND_LABEL: Record<RecoveryHistoryItem['kind'], string> = {
  failover: 'failover',
  drill: 'drill',
  rollback: 'rollback',
};

/** The history's runs as chart points, oldest first. */
export function recoveryPoints(items: RecoveryHistoryItem[]): RecoveryPoint[] {
  return [...items]
    .sort((a, b) => a.startedAt.localeCompare(b.startedAt))
    .map(item => ({
      label: `${item.startedAt.slice(5, 10)} ${KIND_LABEL[item.kind]}${
        item.rpo === 'unknown' ? ' (RPO ?)' : ''
      }`,
      runId: item.runId,
      rto: item.rtoSeconds,
      rpo: item.rpo === 'measured' ? item.rpoSeconds : null,
      rpoUnknown: item.rpo === 'unknown',
    }));
}

const WIDTH_PER_RUN = 70;

/** The lines and the targets' reference lines, of a fixed size. */
function RecoveryLines(props: {
  points: RecoveryPoint[];
  rtoTarget: number | null;
  rpoTarget: number | null;
}) {
  const { points, rtoTarget, rpoTarget } = props;
  return (
    <LineChart
      width={Math.max(340, 80 + points.length * WIDTH_PER_RUN)}
      height={240}
      data={points}
      margin={{ top: 8, right: 16, bottom: 8, left: 0 }}
    >
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="label" interval={0} tick={{ fontSize: 10 }} />
      <YAxis allowDecimals={false} />
      <Tooltip
        formatter={(value, name) =>
          value === null || value === undefined
            ? `${name}: unknown`
            : formatDuration(Number(value))
        }
      />
      <Legend />
      <Line
        dataKey="rto"
        name="RTO"
        stroke="#1f77b4"
        connectNulls={false}
        isAnimationActive={false}
      />
      <Line
        dataKey="rpo"
        name="RPO"
        stroke="#ff7f0e"
        connectNulls={false}
        isAnimationActive={false}
      />
      {/* A target above every run still shows: the axis extends to it. */}
      {rtoTarget !== null && (
        <ReferenceLine
          y={rtoTarget}
          stroke="#1f77b4"
          strokeDasharray="6 3"
          ifOverflow="extendDomain"
          label={`RTO target ${formatDuration(rtoTarget)}`}
        />
      )}
      {rpoTarget !== null && (
        <ReferenceLine
          y={rpoTarget}
          stroke="#ff7f0e"
          strokeDasharray="6 3"
          ifOverflow="extendDomain"
          label={`RPO target ${formatDuration(rpoTarget)}`}
        />
      )}
    </LineChart>
  );
}

/**
 * Measured RTO and achieved RPO per finished run and drill, with the
 * declared targets as reference lines. A run whose RPO is unknown has no
 * RPO point (its label says `RPO ?`), never a 0 that would read as met.
 * Fixed size, as the other charts: jsdom cannot measure a container.
 */
export function RecoveryHistoryChart(props: {
  history?: RecoveryHistory;
  error?: Error;
}) {
  const { history, error } = props;
  if (error) {
    return (
      <Alert severity="warning">
        Recovery history unavailable: {error.message}
      </Alert>
    );
  }
  if (!history) return null;
  const points = recoveryPoints(history.items);
  if (points.length === 0) {
    return (
      <Typography variant="body2">
        No finished failover or drill yet: no measured RTO or RPO.
      </Typography>
    );
  }
  const unknown = points.filter(p => p.rpoUnknown);
  return (
    <Box mt={2} data-testid="recovery-history" style={{ overflowX: 'auto' }}>
      <Typography variant="subtitle2">RTO and RPO per run (seconds)</Typography>
      <RecoveryLines
        points={points}
        rtoTarget={history.targetRtoSeconds}
        rpoTarget={history.targetRpoSeconds}
      />
      {unknown.length > 0 && (
        <Typography variant="caption" display="block">
          RPO unknown for {unknown.length} run
          {unknown.length > 1 ? 's' : ''}: the restore could not tell how much
          data was lost.
        </Typography>
      )}
    </Box>
  );
}
