import {
  InfoCard,
  StatusError,
  StatusOK,
  StructuredMetadataTable,
} from '@backstage/core-components';
import { Box, TableCell, TableRow, Typography } from '@material-ui/core';
import Alert from '@material-ui/lab/Alert';
import type {
  FabricMembership,
  FleetCluster,
  ServiceExportRecord,
} from '@flotilla/plugin-multi-cluster-common';
import { SmallTable } from '../common/SmallTable';
import { ChipList } from './ChipList';
import { DeclareClusterSetsHint } from './ClusterSets';
import { fabricTitle } from './format';

function Gateway(props: { gateway: FabricMembership['gateway'] }) {
  if (!props.gateway) return <>-</>;
  const { ready, message } = props.gateway;
  return (
    <span title={message}>
      {ready ? (
        <StatusOK>ready</StatusOK>
      ) : (
        <StatusError>not ready{message ? `: ${message}` : ''}</StatusError>
      )}
    </span>
  );
}

function Fabrics(props: { fabrics: FabricMembership[] }) {
  if (props.fabrics.length === 0) {
    return (
      <Typography variant="body2" color="textSecondary" paragraph>
        No fabric detected or declared.
      </Typography>
    );
  }
  return (
    <SmallTable
      aria-label="Fabrics"
      columns={[
        'Fabric',
        'Cluster set',
        'Gateway',
        'Connected peers',
        'Evidence',
      ]}
    >
      {props.fabrics.map(f => (
        <TableRow
          key={`${f.kind}-${f.clusterSet}`}
          data-testid={`fabric-${f.kind}`}
        >
          <TableCell>
            <Typography variant="body2">{fabricTitle(f.kind)}</Typography>
            <Typography variant="caption" color="textSecondary">
              {[
                f.clusterId && `id ${f.clusterId}`,
                f.globalnet !== undefined &&
                  `Globalnet ${f.globalnet ? 'on' : 'off'}`,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
          </TableCell>
          <TableCell>{f.clusterSet}</TableCell>
          <TableCell>
            <Gateway gateway={f.gateway} />
          </TableCell>
          <TableCell>
            {f.connectedTo === undefined
              ? '-'
              : f.connectedTo.join(', ') || 'none'}
          </TableCell>
          <TableCell>
            <Typography variant="caption" color="textSecondary">
              {f.detectedVia === 'api' && 'seen in the cluster API'}
              {f.detectedVia === 'declared' && 'declared on the entity'}
            </Typography>
            {f.evidence.map(line => (
              <Typography variant="body2" key={line}>
                {line}
              </Typography>
            ))}
          </TableCell>
        </TableRow>
      ))}
    </SmallTable>
  );
}

function exportState(record: ServiceExportRecord): string {
  if (record.conflict) return 'conflict';
  if (record.valid === false) return 'invalid';
  if (record.valid === true) return 'valid';
  return 'not yet reconciled';
}

/** The cluster's fabrics, cluster sets, networks, MCS support and exports. */
export function ClusterConnectivityCard(props: { cluster: FleetCluster }) {
  const connectivity = props.cluster.connectivity;
  if (!connectivity) {
    return (
      <InfoCard title="Connectivity">
        <Typography paragraph>
          Nothing is known about this cluster's connectivity yet.
        </Typography>
        <DeclareClusterSetsHint />
      </InfoCard>
    );
  }
  const { networks, mcs } = connectivity;
  return (
    <InfoCard title="Connectivity">
      {(connectivity.errors ?? []).map(message => (
        <Box mb={1} key={message}>
          <Alert severity="warning">Detection failed: {message}</Alert>
        </Box>
      ))}
      <Box mb={2}>
        <Typography variant="subtitle2" gutterBottom>
          Cluster sets
        </Typography>
        {connectivity.clusterSets.length === 0 ? (
          <DeclareClusterSetsHint />
        ) : (
          <ChipList color="primary" labels={connectivity.clusterSets} />
        )}
      </Box>
      <Fabrics fabrics={connectivity.fabrics} />
      <Box mt={2}>
        <StructuredMetadataTable
          metadata={{
            'Pod CIDRs': networks?.podCidrs.join(', ') || 'unknown',
            'Service CIDRs': networks?.serviceCidrs.join(', ') || 'unknown',
            ...(networks
              ? {
                  'Networks from':
                    networks.detectedVia === 'api'
                      ? 'the cluster API'
                      : networks.detectedVia,
                }
              : {}),
            'MCS API': mcs
              ? [
                  `ServiceExport ${mcs.serviceExportCrd ? 'served' : 'absent'}`,
                  `ServiceImport ${mcs.serviceImportCrd ? 'served' : 'absent'}`,
                ].join(', ')
              : 'not checked',
            ...(mcs?.clusterId ? { 'MCS cluster id': mcs.clusterId } : {}),
            ...(mcs?.clusterSet ? { 'MCS cluster set': mcs.clusterSet } : {}),
          }}
          // The keys are written as they should read (CIDRs, MCS).
          options={{ titleFormat: (key: string) => key }}
        />
      </Box>
      {(connectivity.serviceExports ?? []).length > 0 && (
        <Box mt={2}>
          <Typography variant="subtitle2" gutterBottom>
            ServiceExports
          </Typography>
          {connectivity.serviceExports!.map(record => (
            <Typography
              variant="body2"
              key={`${record.namespace}/${record.name}`}
            >
              {record.namespace}/{record.name}: {exportState(record)}
              {record.message ? ` (${record.message})` : ''}
            </Typography>
          ))}
        </Box>
      )}
    </InfoCard>
  );
}
