import { useApi } from '@backstage/core-plugin-api';
import type { MachineDeploymentSummary } from '@flotilla/plugin-multi-cluster-common';
import { multiClusterApiRef } from '../../api';
import { LifecycleDialog } from './LifecycleDialog';

/** The scale prompt for one MachineDeployment and the upgrade prompt, when open. */
export function LifecycleDialogs(props: {
  clusterName: string;
  version?: string;
  scaling?: MachineDeploymentSummary;
  upgrading: boolean;
  onCloseScaling(): void;
  onCloseUpgrading(): void;
  /** Called once the backend accepted a change. */
  onChanged(): void;
}) {
  const api = useApi(multiClusterApiRef);
  const { clusterName: name, scaling } = props;
  return (
    <>
      {scaling && (
        <LifecycleDialog
          open
          title={`Scale ${scaling.name}`}
          label="Replicas"
          inputType="number"
          initialValue={String(scaling.replicas ?? 0)}
          submitLabel="Scale"
          onClose={props.onCloseScaling}
          onSubmit={async value => {
            await api.scaleCluster(name, {
              machineDeployment: scaling.name,
              replicas: Number(value),
            });
            props.onChanged();
          }}
        />
      )}
      {props.upgrading && (
        <LifecycleDialog
          open
          title={`Upgrade ${name}`}
          label="Kubernetes version (e.g. v1.31.2)"
          initialValue={props.version ?? ''}
          submitLabel="Upgrade"
          onClose={props.onCloseUpgrading}
          onSubmit={async value => {
            await api.upgradeCluster(name, value);
            props.onChanged();
          }}
        />
      )}
    </>
  );
}
