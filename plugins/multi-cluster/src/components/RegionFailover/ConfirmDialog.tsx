import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@material-ui/core';

/**
 * Asks before an action on a whole region failover; with `askReason`, the
 * action waits for a reason, recorded with it.
 */
export function ConfirmDialog(props: {
  title: string;
  text: string;
  confirm: string;
  askReason?: boolean;
  onClose(): void;
  onConfirm(reason: string): void;
}) {
  const [reason, setReason] = useState('');
  const missing = Boolean(props.askReason) && reason.trim().length === 0;
  return (
    <Dialog open onClose={props.onClose} aria-labelledby="storm-confirm">
      <DialogTitle id="storm-confirm">{props.title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{props.text}</DialogContentText>
        {props.askReason && (
          <TextField
            id="storm-confirm-reason"
            label="Reason (required)"
            fullWidth
            variant="outlined"
            size="small"
            value={reason}
            onChange={e => setReason(e.target.value)}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Back</Button>
        <Button
          color="secondary"
          variant="contained"
          disabled={missing}
          onClick={() => props.onConfirm(reason.trim())}
        >
          {props.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
