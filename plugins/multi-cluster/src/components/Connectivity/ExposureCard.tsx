import useAsync from 'react-use/esm/useAsync';
import { useApi } from '@backstage/core-plugin-api';
import { CopyTextButton, InfoCard, Progress } from '@backstage/core-components';
import { EntityRefLink } from '@backstage/plugin-catalog-react';
import { Box, TableCell, TableRow, Typography } from '@material-ui/core';
import Alert from '@material-ui/lab/Alert';
import AlertTitle from '@material-ui/lab/AlertTitle';
import {
  SERVICE_ANNOTATIONS,
  type DependencyReachability,
  type ExportedService,
} from '@flotilla/plugin-multi-cluster-common';
import { multiClusterApiRef } from '../../api';
import { SmallTable } from '../common/SmallTable';
import { ChipList } from './ChipList';

function Clusters(props: { names: string[]; none: string }) {
  if (props.names.length === 0) {
    return (
      <Typography variant="body2" color="textSecondary" component="span">
        {props.none}
      </Typography>
    );
  }
  return <ChipList variant="outlined" labels={props.names} />;
}

function ExportedServices(props: { exports: ExportedService[] }) {
  if (props.exports.length === 0) {
    return (
      <Typography variant="body2" color="textSecondary" paragraph>
        This service exports nothing across clusters.
      </Typography>
    );
  }
  return (
    <SmallTable
      aria-label="Exported services"
      columns={['Service', 'Exported from', 'Reachable from']}
    >
      {props.exports.map(e => (
        <TableRow
          key={`${e.namespace}/${e.name}`}
          data-testid={`export-${e.namespace}-${e.name}`}
        >
          <TableCell>
            <Box display="flex" alignItems="center">
              <code style={{ whiteSpace: 'nowrap' }}>{e.clusterSetHost}</code>
              <CopyTextButton
                text={e.clusterSetHost}
                aria-label={`Copy ${e.clusterSetHost}`}
              />
            </Box>
            {e.problems.map(problem => (
              <Box mt={0.5} key={problem}>
                <Alert severity="warning">{problem}</Alert>
              </Box>
            ))}
          </TableCell>
          <TableCell>
            <Clusters names={e.exportedFrom} none="no valid ServiceExport" />
          </TableCell>
          <TableCell>
            <Clusters names={e.reachableFrom} none="no cluster" />
          </TableCell>
        </TableRow>
      ))}
    </SmallTable>
  );
}

function Dependencies(props: { dependencies: DependencyReachability[] }) {
  const blocked = props.dependencies.filter(d => d.unreachableFrom.length > 0);
  if (props.dependencies.length === 0) {
    return (
      <Typography variant="body2" color="textSecondary">
        No dependencies declared (spec.dependsOn).
      </Typography>
    );
  }
  return (
    <>
      {blocked.length > 0 && (
        <Box mb={1}>
          <Alert severity="warning" data-testid="unreachable-dependencies">
            <AlertTitle>
              Some of this service's clusters cannot reach its dependencies
            </AlertTitle>
            {blocked.map(d => (
              <Typography variant="body2" key={d.entityRef}>
                {d.unreachableFrom.join(', ')} cannot reach {d.entityRef}: they
                share no cluster set with{' '}
                {d.clusters.join(', ') || 'any cluster it runs on'}.
              </Typography>
            ))}
          </Alert>
        </Box>
      )}
      <SmallTable
        aria-label="Dependencies"
        columns={['Dependency', 'Runs on', 'Unreachable from']}
      >
        {props.dependencies.map(d => (
          <TableRow key={d.entityRef}>
            <TableCell>
              <EntityRefLink entityRef={d.entityRef}>
                {d.entityRef}
              </EntityRefLink>
            </TableCell>
            <TableCell>
              <Clusters names={d.clusters} none="no cluster found" />
            </TableCell>
            <TableCell>
              <Clusters names={d.unreachableFrom} none="reachable everywhere" />
            </TableCell>
          </TableRow>
        ))}
      </SmallTable>
    </>
  );
}

/**
 * Where the service's MCS exports resolve (`clusterset.local`) and whether
 * every cluster it runs on can reach what it depends on.
 */
export function ExposureCard(props: {
  entity: { kind: string; namespace: string; name: string };
}) {
  const { kind, namespace, name } = props.entity;
  const api = useApi(multiClusterApiRef);
  const { value, loading, error } = useAsync(
    () => api.getEntityExposure({ kind, namespace, name }),
    [api, kind, namespace, name],
  );

  let body: JSX.Element | null = null;
  if (loading) {
    body = <Progress />;
  } else if (error) {
    body = (
      <Alert severity="warning">Exposure unavailable: {error.message}</Alert>
    );
  } else if (
    value &&
    value.exports.length === 0 &&
    value.dependencies.length === 0
  ) {
    body = (
      <Typography variant="body2" color="textSecondary">
        No exported services and no dependencies. To make the service reachable
        from other clusters, create an MCS ServiceExport (multicluster.x-k8s.io)
        next to its Service and name it in the{' '}
        <code>{SERVICE_ANNOTATIONS.serviceExports}</code> annotation, e.g.{' '}
        <code>shop/checkout</code>; callers then use{' '}
        <code>checkout.shop.svc.clusterset.local</code>. Declare what it calls
        in <code>spec.dependsOn</code> to check they are reachable.
      </Typography>
    );
  } else if (value) {
    body = (
      <>
        <Typography variant="subtitle2" gutterBottom>
          Exported services
        </Typography>
        <ExportedServices exports={value.exports} />
        <Box mt={2}>
          <Typography variant="subtitle2" gutterBottom>
            Dependencies
          </Typography>
          <Dependencies dependencies={value.dependencies} />
        </Box>
      </>
    );
  }
  return (
    <div data-testid="exposure-card">
      <InfoCard title="Exposure">{body}</InfoCard>
    </div>
  );
}
