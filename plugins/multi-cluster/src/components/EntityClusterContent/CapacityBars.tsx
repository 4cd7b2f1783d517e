import { Box, LinearProgress, Typography } from '@material-ui/core';
import {
  parseQuantity,
  type FleetCluster,
} from '@flotilla/plugin-multi-cluster-common';

const RESOURCES = ['cpu', 'memory', 'pods', 'nvidia.com/gpu'];

function amount(text: string | undefined): number {
  if (!text) return 0;
  try {
    return Number(parseQuantity(text).nanos) / 1e9;
  } catch {
    return 0;
  }
}

/** One bar a resource: how much of what the cluster can allocate is allocated. */
export function CapacityBars({ cluster }: { cluster: FleetCluster }) {
  const allocatable =
    cluster.capacity.allocatable ?? cluster.capacity.declared ?? {};
  const allocated = cluster.capacity.allocated ?? {};
  const shown = RESOURCES.filter(r => allocatable[r]);
  if (shown.length === 0) {
    return <Typography>The cluster reports no capacity.</Typography>;
  }
  return (
    <>
      {shown.map(resource => {
        const total = amount(allocatable[resource]);
        const used = amount(allocated[resource]);
        const percent = total > 0 ? Math.min(100, (100 * used) / total) : 0;
        return (
          <Box key={resource} mb={2}>
            <Typography variant="body2">
              {resource}: {allocated[resource] ?? '0'} of{' '}
              {allocatable[resource]} allocated ({Math.round(percent)}%)
            </Typography>
            <LinearProgress
              variant="determinate"
              value={percent}
              aria-label={`${resource} allocated`}
            />
          </Box>
        );
      })}
    </>
  );
}
