import { Fragment, useMemo } from 'react';
import useAsync from 'react-use/esm/useAsync';
import useAsyncRetry from 'react-use/esm/useAsyncRetry';
import { useApi, useApiHolder } from '@backstage/core-plugin-api';
import { kubernetesAuthProvidersApiRef } from '@backstage/plugin-kubernetes-react';
import { useEntity } from '@backstage/plugin-catalog-react';
import { stringifyEntityRef } from '@backstage/catalog-model';
import {
  CodeSnippet,
  EmptyState,
  InfoCard,
  Progress,
  ResponseErrorPanel,
} from '@backstage/core-components';
import {
  Box,
  Chip,
  Grid,
  Table as MuiTable,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@material-ui/core';
import Alert from '@material-ui/lab/Alert';
import { stringify as stringifyYaml } from 'yaml';
import {
  DR_STRATEGIES,
  formatDuration,
  readServiceDrSpec,
  SERVICE_ANNOTATIONS,
  type FindingSeverity,
  type FleetCluster,
} from '@flotilla/plugin-multi-cluster-common';
import {
  multiClusterApiRef,
  userAuthProvidersOf,
  userClusterCredentialHeaders,
} from '../../api';
import { ClusterHealthStatus } from '../common/ClusterHealthStatus';
import { PlacementSimulator } from '../common/PlacementSimulator';
import { useRereadAfterChange } from '../common/useRereadAfterChange';
import { FailoverPanel } from '../Failover';
import { ExposureCard } from '../Connectivity';
import { OcmPlacements } from './OcmPlacements';

interface ReplicaRow {
  cluster: string;
  region: string;
  desired?: number;
  actual: number;
  ready: number;
  fleetCluster?: FleetCluster;
}

/** Replicas per cluster, grouped by region (rows arrive sorted by region). */
function ReplicasPerCluster(props: {
  loading: boolean;
  error?: Error;
  errors: { cluster: string; message: string }[];
  rows: ReplicaRow[];
}) {
  const { rows } = props;
  if (props.loading) return <Progress />;
  if (props.error) return <ResponseErrorPanel error={props.error} />;
  const regions = [...new Set(rows.map(r => r.region))];
  return (
    <>
      {props.errors.map(e => (
        <Box mb={1} key={e.cluster}>
          <Alert severity="error">
            {e.cluster}: {e.message}
          </Alert>
        </Box>
      ))}
      {rows.length === 0 ? (
        <Typography>No workloads found in any cluster.</Typography>
      ) : (
        <MuiTable size="small" aria-label="Replicas per cluster">
          <TableHead>
            <TableRow>
              <TableCell>Cluster</TableCell>
              <TableCell>Health</TableCell>
              <TableCell align="right">Desired</TableCell>
              <TableCell align="right">Actual</TableCell>
              <TableCell align="right">Ready</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {regions.map(region => (
              <Fragment key={region}>
                <TableRow>
                  <TableCell colSpan={5}>
                    <Typography variant="subtitle2">Region {region}</Typography>
                  </TableCell>
                </TableRow>
                {rows
                  .filter(r => r.region === region)
                  .map(r => (
                    <TableRow
                      key={r.cluster}
                      data-testid={`replicas-${r.cluster}`}
                    >
                      <TableCell>{r.cluster}</TableCell>
                      <TableCell>
                        {r.fleetCluster ? (
                          <ClusterHealthStatus cluster={r.fleetCluster} />
                        ) : (
                          'not in the fleet'
                        )}
                      </TableCell>
                      <TableCell align="right">{r.desired ?? '-'}</TableCell>
                      <TableCell align="right">{r.actual}</TableCell>
                      <TableCell align="right">{r.ready}</TableCell>
                    </TableRow>
                  ))}
              </Fragment>
            ))}
          </TableBody>
        </MuiTable>
      )}
    </>
  );
}

const SEVERITY_TO_ALERT: Record<FindingSeverity, 'error' | 'warning' | 'info'> =
  {
    critical: 'error',
    high: 'error',
    medium: 'warning',
    low: 'info',
    info: 'info',
  };

/** The "Multi-cluster" tab of a service: placement, exposure, preview and DR posture. */
export function EntityMultiClusterContent() {
  const { entity } = useEntity();
  const api = useApi(multiClusterApiRef);
  const entityRef = stringifyEntityRef(entity);
  const { spec, problems } = useMemo(
    () => readServiceDrSpec(entityRef, entity.metadata.annotations),
    [entityRef, entity.metadata.annotations],
  );

  const fleetState = useAsync(() => api.listAllClusters(), [api]);
  // Clusters that read as the signed-in user get the user's token, from the
  // Kubernetes plugin's auth providers when the app has them.
  const authProviders = useApiHolder().get(kubernetesAuthProvidersApiRef);
  const userProviders = useMemo(
    () => userAuthProvidersOf(fleetState.value ?? []).join(' '),
    [fleetState.value],
  );
  const fleetSettled = !fleetState.loading;
  const placementState = useAsyncRetry(async () => {
    if (!fleetSettled) return undefined; // the providers are not known yet
    const headers = await userClusterCredentialHeaders(
      userProviders ? userProviders.split(' ') : [],
      authProviders,
    );
    return api.getEntityPlacement(
      {
        kind: entity.kind,
        namespace: entity.metadata.namespace ?? 'default',
        name: entity.metadata.name,
      },
      { headers },
    );
  }, [api, entityRef, fleetSettled, userProviders, authProviders]);

  // A finished run has lowered its sources just before it ended; the
  // members report the drained Deployments a few seconds later.
  const watchPlacement = useRereadAfterChange(
    placementState.retry,
    placementState.value,
    false,
  );

  const rows = useMemo<ReplicaRow[]>(() => {
    const fleet = new Map((fleetState.value ?? []).map(c => [c.name, c]));
    const byCluster = new Map<string, ReplicaRow>();
    const row = (cluster: string) => {
      let existing = byCluster.get(cluster);
      if (!existing) {
        existing = {
          cluster,
          region: fleet.get(cluster)?.region ?? 'unknown',
          actual: 0,
          ready: 0,
          fleetCluster: fleet.get(cluster),
        };
        byCluster.set(cluster, existing);
      }
      return existing;
    };
    for (const desired of placementState.value?.desired.karmada ?? []) {
      for (const target of desired.resourceBinding?.clusters ?? []) {
        const r = row(target.name);
        r.desired = (r.desired ?? 0) + (target.replicas ?? 0);
      }
    }
    for (const cluster of placementState.value?.actual.clusters ?? []) {
      const r = row(cluster.cluster);
      r.actual += cluster.replicas;
      r.ready += cluster.readyReplicas;
    }
    return [...byCluster.values()].sort(
      (a, b) =>
        a.region.localeCompare(b.region) || a.cluster.localeCompare(b.cluster),
    );
  }, [placementState.value, fleetState.value]);

  // Posture and drills come from the backend, which sees the live fleet.
  const drState = useAsyncRetry(
    () =>
      api.getEntityDr({
        kind: entity.kind,
        namespace: entity.metadata.namespace ?? 'default',
        name: entity.metadata.name,
      }),
    [api, entityRef],
  );
  const findings = drState.value?.findings ?? [];
  const drills = (drState.value?.drills ?? []).slice(0, 3);

  if (
    !spec &&
    !entity.metadata.annotations?.[SERVICE_ANNOTATIONS.kubernetesId]
  ) {
    return (
      <EmptyState
        missing="field"
        title="No multi-cluster information for this service"
        description="Add the backstage.io/kubernetes-id annotation to name the service's workloads, and flotilla.io/dr-strategy, flotilla.io/rto, flotilla.io/rpo and flotilla.io/placement to declare where and how it runs."
      />
    );
  }

  const strategy = spec ? DR_STRATEGIES[spec.strategy] : undefined;
  return (
    <Grid container spacing={3}>
      {problems.length > 0 && (
        <Grid item xs={12}>
          <Alert severity="warning">
            {problems.map(p => `${p.annotation}: ${p.message}`).join(' | ')}
          </Alert>
        </Grid>
      )}
      <Grid item xs={12} md={8}>
        <InfoCard title="Replicas per cluster">
          <ReplicasPerCluster
            loading={
              (placementState.loading && !placementState.value) ||
              fleetState.loading
            }
            error={placementState.error}
            errors={placementState.value?.errors ?? []}
            rows={rows}
          />
          <OcmPlacements placements={placementState.value?.desired.ocm ?? []} />
        </InfoCard>
      </Grid>
      <Grid item xs={12} md={4}>
        <InfoCard title="Disaster recovery">
          {strategy && spec ? (
            <>
              <Typography variant="h6">{strategy.title}</Typography>
              <Typography variant="body2" paragraph>
                {strategy.description}
              </Typography>
              <Typography variant="body2">
                RTO target:{' '}
                {spec.rtoSeconds !== undefined
                  ? formatDuration(spec.rtoSeconds)
                  : 'not set'}
                {' · '}RPO target:{' '}
                {spec.rpoSeconds !== undefined
                  ? formatDuration(spec.rpoSeconds)
                  : 'not set'}
              </Typography>
              {spec.primaryCluster && (
                <Typography variant="body2">
                  Primary {spec.primaryCluster}
                  {spec.standbyCluster
                    ? `, standby ${spec.standbyCluster}`
                    : ''}
                </Typography>
              )}
              <Box mt={2}>
                {drState.error && (
                  <Alert severity="warning">
                    Posture unavailable: {drState.error.message}
                  </Alert>
                )}
                {findings.length === 0 && !drState.loading ? (
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
              <Box mt={2}>
                <Typography variant="subtitle2">Last drills</Typography>
                {drills.length === 0 ? (
                  <Typography variant="body2" color="textSecondary">
                    No drills yet: run one to measure the achieved RTO.
                  </Typography>
                ) : (
                  drills.map(d => (
                    <Typography variant="body2" key={d.runId}>
                      {d.createdAt.slice(0, 16).replace('T', ' ')} {d.from} →{' '}
                      {d.to.join(', ')}: {d.status}
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
                  ))
                )}
              </Box>
            </>
          ) : (
            <Typography>
              No DR strategy declared (flotilla.io/dr-strategy).
            </Typography>
          )}
        </InfoCard>
      </Grid>
      <Grid item xs={12}>
        <ExposureCard
          entity={{
            kind: entity.kind,
            namespace: entity.metadata.namespace ?? 'default',
            name: entity.metadata.name,
          }}
        />
      </Grid>
      <Grid item xs={12}>
        <FailoverPanel
          entityRef={entityRef}
          sources={rows.filter(r => r.actual > 0).map(r => r.cluster)}
          targets={(fleetState.value ?? [])
            .filter(c => c.health.status !== 'unhealthy')
            .map(c => c.name)
            .sort()}
          defaultSource={spec?.primaryCluster}
          defaultTarget={spec?.standbyCluster}
          onRunFinished={() => {
            watchPlacement();
            drState.retry();
          }}
        />
      </Grid>
      {spec?.placement && (
        <Grid item xs={12} md={6}>
          <InfoCard title="Declared placement">
            <CodeSnippet language="yaml" text={stringifyYaml(spec.placement)} />
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
    </Grid>
  );
}
