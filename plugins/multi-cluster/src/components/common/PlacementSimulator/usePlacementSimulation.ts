import { useState } from 'react';
import { useApi } from '@backstage/core-plugin-api';
import { stringify as stringifyYaml } from 'yaml';
import {
  CLUSTER_ANNOTATIONS,
  parseYamlDocument,
  type KarmadaPlacement,
  type ScheduleResult,
} from '@flotilla/plugin-multi-cluster-common';
import { multiClusterApiRef } from '../../../api';

const DEFAULT_PLACEMENT: KarmadaPlacement = {
  clusterAffinity: {
    labelSelector: {
      matchLabels: { [CLUSTER_ANNOTATIONS.environment]: 'prod' },
    },
  },
  replicaScheduling: {
    replicaSchedulingType: 'Divided',
    replicaDivisionPreference: 'Weighted',
    weightPreference: { dynamicWeight: 'AvailableReplicas' },
  },
};

/**
 * The replicas and placement being edited (as text), and `simulate`, which
 * checks them and asks the backend what Karmada would do with them.
 */
export function usePlacementSimulation(
  initialReplicas?: number,
  initialPlacement?: KarmadaPlacement,
) {
  const api = useApi(multiClusterApiRef);
  const [replicas, setReplicas] = useState(String(initialReplicas ?? 6));
  const [placementText, setPlacementText] = useState(() =>
    stringifyYaml(initialPlacement ?? DEFAULT_PLACEMENT),
  );
  const [result, setResult] = useState<ScheduleResult>();
  const [error, setError] = useState<string>();
  const [loading, setLoading] = useState(false);

  const simulate = async () => {
    setError(undefined);
    let placement: KarmadaPlacement;
    try {
      placement = (parseYamlDocument(placementText) ?? {}) as KarmadaPlacement;
    } catch (e) {
      setError(`The placement is not valid YAML: ${(e as Error).message}`);
      return;
    }
    const count = Number(replicas);
    if (!Number.isInteger(count) || count < 0) {
      setError('Replicas must be a whole number of 0 or more.');
      return;
    }
    setLoading(true);
    try {
      setResult(await api.simulatePlacement({ replicas: count, placement }));
    } catch (e) {
      setResult(undefined);
      setError((e as Error).message);
    } finally {
      setLoading(false);
    }
  };

  return {
    replicas,
    setReplicas,
    placementText,
    setPlacementText,
    result,
    error,
    loading,
    simulate,
  };
}
