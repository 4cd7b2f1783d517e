import { useState } from 'react';
import { useApi } from '@backstage/core-plugin-api';
import { Table, type TableColumn } from '@backstage/core-components';
import {
  Box,
  Button,
  CircularProgress,
  TextField,
  Typography,
} from '@material-ui/core';
import Alert from '@material-ui/lab/Alert';
import { stringify as stringifyYaml } from 'yaml';
import {
  CLUSTER_ANNOTATIONS,
  parseYamlDocument,
  type ClusterExplanation,
  type KarmadaPlacement,
  type ScheduleResult,
} from '@flotilla/plugin-multi-cluster-common';
import { multiClusterApiRef } from '../../api';

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

const columns: TableColumn<ClusterExplanation & { replicas?: number }>[] = [
  { title: 'Cluster', field: 'cluster' },
  { title: 'Verdict', field: 'verdict' },
  { title: 'Replicas', field: 'replicas', type: 'numeric' },
  { title: 'Why', render: row => row.reasons.join('; ') },
];

/**
 * Edit replicas and a Karmada placement, and see what Karmada would do on the
 * live fleet, before changing anything.
 */
export function PlacementSimulator(props: {
  initialReplicas?: number;
  initialPlacement?: KarmadaPlacement;
  title?: string;
}) {
  const api = useApi(multiClusterApiRef);
  const [replicas, setReplicas] = useState(String(props.initialReplicas ?? 6));
  const [placementText, setPlacementText] = useState(() =>
    stringifyYaml(props.initialPlacement ?? DEFAULT_PLACEMENT),
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

  const replicasByCluster = new Map(
    (result?.targets ?? []).map(t => [t.name, t.replicas]),
  );
  return (
    <Box>
      <Typography variant="h6">
        {props.title ?? 'Placement simulator'}
      </Typography>
      <Box display="flex" alignItems="flex-start" mt={1} style={{ gap: 16 }}>
        <TextField
          label="Replicas"
          type="number"
          variant="outlined"
          size="small"
          value={replicas}
          onChange={e => setReplicas(e.target.value)}
          inputProps={{ min: 0, 'aria-label': 'Replicas' }}
        />
        <TextField
          label="Karmada placement (YAML)"
          multiline
          minRows={8}
          variant="outlined"
          fullWidth
          value={placementText}
          onChange={e => setPlacementText(e.target.value)}
          inputProps={{
            'aria-label': 'Karmada placement',
            spellCheck: false,
            style: { fontFamily: 'monospace' },
          }}
        />
      </Box>
      <Box mt={1} display="flex" alignItems="center" style={{ gap: 8 }}>
        <Button
          variant="contained"
          color="primary"
          onClick={simulate}
          disabled={loading}
        >
          Simulate
        </Button>
        {loading && <CircularProgress size={20} />}
      </Box>
      {error && (
        <Box mt={2}>
          <Alert severity="error">{error}</Alert>
        </Box>
      )}
      {result && (
        <Box mt={2}>
          <Typography variant="subtitle1" data-testid="simulation-split">
            {result.targets.length === 0
              ? 'No cluster selected.'
              : result.targets
                  .map(t => `${t.name}: ${t.replicas ?? 'all'}`)
                  .join(', ')}
          </Typography>
          <Table
            title="Per-cluster decision"
            options={{
              search: false,
              paging: result.explanation.length > 20,
              pageSize: 20,
              padding: 'dense',
            }}
            columns={columns}
            data={result.explanation.map(e => ({
              ...e,
              replicas: replicasByCluster.get(e.cluster),
            }))}
          />
        </Box>
      )}
    </Box>
  );
}
