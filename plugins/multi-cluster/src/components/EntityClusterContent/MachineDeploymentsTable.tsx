import { Table, type TableColumn } from '@backstage/core-components';
import { Button, Tooltip } from '@material-ui/core';
import type { MachineDeploymentSummary } from '@flotilla/plugin-multi-cluster-common';
import { deniedReason, type PermissionState } from './permissionDenied';

function ScaleButton(props: {
  machineDeployment: MachineDeploymentSummary;
  permission: PermissionState;
  onScale(md: MachineDeploymentSummary): void;
}) {
  const { machineDeployment: md, permission } = props;
  return (
    <Tooltip title={deniedReason(permission.allowed, 'scale')}>
      <span>
        <Button
          size="small"
          variant="outlined"
          disabled={!permission.allowed || permission.loading}
          onClick={() => props.onScale(md)}
          aria-label={`Scale ${md.name}`}
        >
          Scale
        </Button>
      </span>
    </Tooltip>
  );
}

/** The cluster's MachineDeployments, each with its permission-gated Scale button. */
export function MachineDeploymentsTable(props: {
  machineDeployments: MachineDeploymentSummary[];
  scalePermission: PermissionState;
  onScale(md: MachineDeploymentSummary): void;
}) {
  const columns: TableColumn<MachineDeploymentSummary>[] = [
    { title: 'MachineDeployment', field: 'name' },
    { title: 'Phase', field: 'phase' },
    { title: 'Version', field: 'version' },
    { title: 'Desired', field: 'replicas', type: 'numeric' },
    { title: 'Ready', field: 'readyReplicas', type: 'numeric' },
    {
      title: '',
      render: md => (
        <ScaleButton
          machineDeployment={md}
          permission={props.scalePermission}
          onScale={props.onScale}
        />
      ),
    },
  ];
  return (
    <Table
      options={{
        search: false,
        paging: false,
        padding: 'dense',
        toolbar: false,
      }}
      columns={columns}
      data={props.machineDeployments}
    />
  );
}
