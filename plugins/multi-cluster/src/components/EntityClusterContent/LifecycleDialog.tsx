import { useRef, useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
} from '@material-ui/core';
import Alert from '@material-ui/lab/Alert';

/** A number or version prompt for a lifecycle change; reports the backend's error in place. */
export function LifecycleDialog(props: {
  open: boolean;
  title: string;
  label: string;
  initialValue: string;
  inputType?: 'number' | 'text';
  submitLabel: string;
  onClose(): void;
  onSubmit(value: string): Promise<void>;
}) {
  const [value, setValue] = useState(props.initialValue);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const submit = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await props.onSubmit(value);
      props.onClose();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      aria-labelledby="lifecycle-dialog-title"
    >
      <DialogTitle id="lifecycle-dialog-title">{props.title}</DialogTitle>
      <DialogContent>
        <TextField
          id="lifecycle-dialog-input"
          fullWidth
          label={props.label}
          type={props.inputType ?? 'text'}
          value={value}
          inputRef={inputRef}
          onChange={e => setValue(e.target.value)}
          onKeyDown={e => {
            if (e.key === 'Enter') submit();
          }}
        />
        {error && (
          <Alert severity="error" style={{ marginTop: 16 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button
          color="primary"
          variant="contained"
          onClick={submit}
          disabled={busy}
        >
          {props.submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
