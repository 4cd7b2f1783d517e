import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
} from '@material-ui/core';
import Alert from '@material-ui/lab/Alert';
import { FailoverFields } from './FailoverFields';
import { FailoverPlanSummary } from './FailoverPlanSummary';
import { useFailoverForm } from './useFailoverForm';

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
  const drill = props.mode === 'drill';
  const form = useFailoverForm({ ...props, drill });
  const { busy, plan } = form;
  const reasonMissing = form.choices.reason.trim().length === 0;
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
        <FailoverFields
          form={form}
          sources={props.sources}
          targets={props.targets}
        />
        {form.error && (
          <Box mt={2}>
            <Alert severity="error">{form.error}</Alert>
          </Box>
        )}
        {plan && <FailoverPlanSummary plan={plan} />}
      </DialogContent>
      <DialogActions>
        {busy && <CircularProgress size={20} />}
        <Button onClick={props.onClose}>Cancel</Button>
        <Button
          onClick={form.preview}
          disabled={busy || reasonMissing || !form.choices.from}
        >
          Preview plan
        </Button>
        <Button
          color="secondary"
          variant="contained"
          onClick={form.start}
          disabled={busy || reasonMissing || !plan}
        >
          {drill ? 'Start drill' : 'Start failover'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
