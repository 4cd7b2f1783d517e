import { useState } from 'react';
import { useApi } from '@backstage/core-plugin-api';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  TextField,
  Typography,
} from '@material-ui/core';
import Alert from '@material-ui/lab/Alert';
import type { FailoverPlan } from '@flotilla/plugin-multi-cluster-common';
import { multiClusterApiRef } from '../../api';
import { FailoverSteps } from './FailoverSteps';

const AUTO = '__auto__';

/**
 * Asks for source, target and reason, shows the plan (a dry run), then starts
 * the failover. Nothing changes until "Start failover".
 */
export function FailoverDialog(props: {
  open: boolean;
  entityRef: string;
  sources: string[];
  targets: string[];
  defaultSource?: string;
  defaultTarget?: string;
  /** A drill runs the same runbook and measures it (the achieved RTO). */
  mode?: 'failover' | 'drill';
  onClose(): void;
  onStarted(runId: string): void;
}) {
  const api = useApi(multiClusterApiRef);
  const [from, setFrom] = useState(
    props.defaultSource ?? props.sources[0] ?? '',
  );
  const [to, setTo] = useState(props.defaultTarget ?? AUTO);
  const [reason, setReason] = useState('');
  const [force, setForce] = useState(false);
  const [plan, setPlan] = useState<FailoverPlan>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const request = () => ({
    entityRef: props.entityRef,
    from,
    ...(to === AUTO ? {} : { to }),
    reason: reason.trim(),
    force,
  });

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const preview = () =>
    run(async () => {
      setPlan((await api.previewFailover(request())).plan);
    });
  const drill = props.mode === 'drill';
  const start = () =>
    run(async () => {
      const { force: _force, ...drillRequest } = request();
      const { id } = drill
        ? await api.startDrill(drillRequest)
        : await api.startFailover(request());
      props.onStarted(id);
    });

  const reasonMissing = reason.trim().length === 0;
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      maxWidth="md"
      fullWidth
      aria-labelledby="failover-title"
    >
      <DialogTitle id="failover-title">
        {drill ? 'DR drill for' : 'Fail over'} {props.entityRef}
      </DialogTitle>
      <DialogContent>
        <Box display="flex" style={{ gap: 16 }} mb={2}>
          <FormControl
            variant="outlined"
            size="small"
            style={{ minWidth: 240 }}
          >
            <InputLabel id="failover-from">From cluster</InputLabel>
            <Select
              labelId="failover-from"
              label="From cluster"
              value={from}
              onChange={e => {
                setFrom(e.target.value as string);
                setPlan(undefined);
              }}
            >
              {props.sources.map(name => (
                <MenuItem key={name} value={name}>
                  {name}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <FormControl
            variant="outlined"
            size="small"
            style={{ minWidth: 240 }}
          >
            <InputLabel id="failover-to">To cluster</InputLabel>
            <Select
              labelId="failover-to"
              label="To cluster"
              value={to}
              onChange={e => {
                setTo(e.target.value as string);
                setPlan(undefined);
              }}
            >
              <MenuItem value={AUTO}>Let Flotilla choose</MenuItem>
              {props.targets
                .filter(name => name !== from)
                .map(name => (
                  <MenuItem key={name} value={name}>
                    {name}
                  </MenuItem>
                ))}
            </Select>
          </FormControl>
        </Box>
        <TextField
          id="failover-reason"
          label="Reason (required)"
          fullWidth
          variant="outlined"
          size="small"
          value={reason}
          onChange={e => setReason(e.target.value)}
          helperText="Recorded with the run and sent to the service's owners."
        />
        <Box mt={1}>
          <label>
            <input
              type="checkbox"
              checked={force}
              onChange={e => {
                setForce(e.target.checked);
                setPlan(undefined);
              }}
            />{' '}
            Force (the source cluster still reports healthy)
          </label>
        </Box>
        {error && (
          <Box mt={2}>
            <Alert severity="error">{error}</Alert>
          </Box>
        )}
        {plan && (
          <Box mt={2} data-testid="failover-plan">
            <Typography variant="subtitle1">
              Move {plan.movedReplicas} replica(s) from {plan.from} to{' '}
              {plan.to.join(', ')} (
              {plan.method === 'karmada-override'
                ? 'Karmada OverridePolicy'
                : 'direct scaling'}
              {plan.targetChosenBy === 'recommendation'
                ? ', target chosen by placement advice'
                : ''}
              )
            </Typography>
            <Typography variant="body2">
              {plan.moves
                .map(m => `${m.cluster}: ${m.before} → ${m.after}`)
                .join(' · ')}
            </Typography>
            <FailoverSteps planned={plan.steps} />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        {busy && <CircularProgress size={20} />}
        <Button onClick={props.onClose}>Cancel</Button>
        <Button onClick={preview} disabled={busy || reasonMissing || !from}>
          Preview plan
        </Button>
        <Button
          color="secondary"
          variant="contained"
          onClick={start}
          disabled={busy || reasonMissing || !plan}
        >
          {drill ? 'Start drill' : 'Start failover'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
