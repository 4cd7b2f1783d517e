import {
  Box,
  Button,
  CircularProgress,
  TextField,
  Typography,
} from '@material-ui/core';
import Alert from '@material-ui/lab/Alert';
import type { KarmadaPlacement } from '@flotilla/plugin-multi-cluster-common';
import { SimulationResult } from './SimulationResult';
import { usePlacementSimulation } from './usePlacementSimulation';

/**
 * Edit replicas and a Karmada placement, and see what Karmada would do on the
 * live fleet, before changing anything.
 */
export function PlacementSimulator(props: {
  initialReplicas?: number;
  initialPlacement?: KarmadaPlacement;
  title?: string;
}) {
  const simulation = usePlacementSimulation(
    props.initialReplicas,
    props.initialPlacement,
  );
  const { result, error, loading } = simulation;
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
          value={simulation.replicas}
          onChange={e => simulation.setReplicas(e.target.value)}
          inputProps={{ min: 0, 'aria-label': 'Replicas' }}
        />
        <TextField
          label="Karmada placement (YAML)"
          multiline
          minRows={8}
          variant="outlined"
          fullWidth
          value={simulation.placementText}
          onChange={e => simulation.setPlacementText(e.target.value)}
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
          onClick={simulation.simulate}
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
      {result && <SimulationResult result={result} />}
    </Box>
  );
}
