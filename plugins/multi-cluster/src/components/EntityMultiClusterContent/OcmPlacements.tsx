import { Box, Chip, Typography } from '@material-ui/core';
import type { OcmDesiredPlacement } from '@flotilla/plugin-multi-cluster-common';

/**
 * The entity's Open Cluster Management Placements (labelled with its
 * kubernetes id on a hub): the sets and predicates they select with, how
 * many clusters they ask for, the clusters the hub decided and whether the
 * Placement is satisfied.
 */
export function OcmPlacements(props: { placements: OcmDesiredPlacement[] }) {
  if (props.placements.length === 0) return null;
  return (
    <Box mt={2} aria-label="OCM placements">
      {props.placements.map(p => {
        const key = `${p.hub}/${p.namespace}/${p.name}`;
        const satisfied = p.satisfied?.status === 'True';
        return (
          <Box mb={2} key={key} data-testid={`ocm-placement-${key}`}>
            <Typography variant="subtitle2">
              OCM Placement {p.namespace}/{p.name} on hub {p.hub}{' '}
              {p.satisfied && (
                <Chip
                  size="small"
                  color={satisfied ? 'primary' : 'default'}
                  label={
                    satisfied
                      ? 'satisfied'
                      : `not satisfied${
                          p.satisfied.reason ? `: ${p.satisfied.reason}` : ''
                        }`
                  }
                  title={p.satisfied.message}
                />
              )}
            </Typography>
            <Typography variant="body2">
              Cluster sets:{' '}
              {p.clusterSets.length
                ? p.clusterSets.join(', ')
                : 'all bound to the namespace'}
              {' · '}Clusters:{' '}
              {p.numberOfClusters !== undefined
                ? `${p.decisions.length} of ${p.numberOfClusters} decided`
                : `${p.decisions.length} decided (all feasible)`}
            </Typography>
            {p.predicates.map((predicate, i) => (
              <Typography variant="body2" color="textSecondary" key={i}>
                {p.predicates.length > 1 ? `or ${predicate}` : predicate}
              </Typography>
            ))}
            <Typography variant="body2">
              Decided:{' '}
              {p.decisions.length
                ? p.decisions.map(d => d.cluster).join(', ')
                : 'no cluster'}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}
