import { useNavigate, useParams } from 'react-router-dom';
import { useRouteRef } from '@backstage/core-plugin-api';
import { usePermission } from '@backstage/plugin-permission-react';
import {
  InfoCard,
  Link,
  Progress,
  ResponseErrorPanel,
} from '@backstage/core-components';
import { Box, Chip, Grid, Typography } from '@material-ui/core';
import Alert from '@material-ui/lab/Alert';
import type { RegionFailover } from '@flotilla/plugin-multi-cluster-common';
import { multiClusterFailoverRegionPermission } from '../../permissions';
import { regionFailoverRouteRef } from '../../routes';
import { StormChildrenTable } from './StormChildrenTable';
import { StormControls } from './StormControls';
import { formatTime } from '../common/formatTime';
import { CHILD_STATUS_LABEL, CHILD_STATUSES, KIND_TITLE } from './stormStatus';
import { useRegionFailover } from './useRegionFailover';

/** A chip per child status with services in it. */
function Counts(props: { counts: RegionFailover['counts'] }) {
  return (
    <Box display="flex" flexWrap="wrap" style={{ gap: 8 }} my={1}>
      {CHILD_STATUSES.filter(s => (props.counts[s] ?? 0) > 0).map(status => (
        <Chip
          key={status}
          size="small"
          data-testid={`storm-count-${status}`}
          label={`${CHILD_STATUS_LABEL[status]}: ${props.counts[status]}`}
        />
      ))}
    </Box>
  );
}

/** Who started it, when, why, against which clusters, within which limits. */
function Facts(props: { storm: RegionFailover }) {
  const { storm } = props;
  const link = useRouteRef(regionFailoverRouteRef);
  return (
    <>
      <Typography variant="body2">
        Clusters: {storm.lostClusters.join(', ')}
      </Typography>
      <Typography variant="body2">
        Started {formatTime(storm.createdAt)} by {storm.actor}
        {storm.finishedAt ? `, ended ${formatTime(storm.finishedAt)}` : ''}
      </Typography>
      <Typography variant="body2">Reason: {storm.reason}</Typography>
      <Typography variant="body2" color="textSecondary">
        At most {storm.limits.maxConcurrentRuns} runs at once,{' '}
        {storm.limits.maxRunsPerTargetCluster} per target cluster
      </Typography>
      {storm.failbackOf && (
        <Typography variant="body2">
          Fails back{' '}
          <Link to={link({ id: storm.failbackOf })}>{storm.failbackOf}</Link>
        </Typography>
      )}
    </>
  );
}

/**
 * One region failover (or failback) as it progresses: status, counts per
 * service status, the controls, and each service's move and run.
 */
function StormDetail(props: { id: string }) {
  const { id } = props;
  const navigate = useNavigate();
  const link = useRouteRef(regionFailoverRouteRef);
  const permission = usePermission({
    permission: multiClusterFailoverRegionPermission,
  });
  const { storm, error, actionError, ...control } = useRegionFailover(id);

  if (!storm && error) return <ResponseErrorPanel error={error} />;
  if (!storm) return <Progress />;
  const failBack = async (reason: string) => {
    const failbackId = await control.failBack(reason);
    if (failbackId) navigate(link({ id: failbackId }));
  };
  return (
    <Grid container spacing={2}>
      <Grid item xs={12}>
        <InfoCard
          title={`${KIND_TITLE[storm.kind]} ${storm.id}`}
          subheader={storm.status}
          action={
            <StormControls
              storm={storm}
              allowed={permission.allowed}
              onPause={control.pause}
              onResume={control.resume}
              onCancel={control.cancel}
              onFailBack={failBack}
            />
          }
        >
          <Box data-testid="region-failover" data-status={storm.status}>
            <Facts storm={storm} />
            <Counts counts={storm.counts} />
            {actionError && <Alert severity="error">{actionError}</Alert>}
            {error && (
              <Alert severity="warning">
                Could not read the latest state: {error.message}
              </Alert>
            )}
          </Box>
        </InfoCard>
      </Grid>
      <Grid item xs={12}>
        <StormChildrenTable items={storm.children} />
      </Grid>
    </Grid>
  );
}

/**
 * The region failover the path names; a new one (the failback just started)
 * starts from nothing rather than showing the previous one meanwhile.
 */
export function RegionFailoverDetail() {
  const { id = '' } = useParams();
  return <StormDetail key={id} id={id} />;
}
