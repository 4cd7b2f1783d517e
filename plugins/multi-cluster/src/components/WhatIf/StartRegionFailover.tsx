import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useApi, useRouteRef } from '@backstage/core-plugin-api';
import { usePermission } from '@backstage/plugin-permission-react';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
  Typography,
} from '@material-ui/core';
import Alert from '@material-ui/lab/Alert';
import type {
  WhatIfLoss,
  WhatIfPlan,
} from '@flotilla/plugin-multi-cluster-common';
import { multiClusterApiRef } from '../../api';
import { multiClusterFailoverRegionPermission } from '../../permissions';
import { regionFailoverRouteRef } from '../../routes';

/**
 * A key per opened dialog: starting twice (a double click, a retry after a
 * lost answer) returns the same region failover instead of a second one.
 */
function newIdempotencyKey(): string {
  return (
    globalThis.crypto?.randomUUID?.() ??
    `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`
  );
}

function StartDialog(props: {
  loss: WhatIfLoss;
  plan: WhatIfPlan;
  onClose(): void;
}) {
  const api = useApi(multiClusterApiRef);
  const navigate = useNavigate();
  const stormLink = useRouteRef(regionFailoverRouteRef);
  const idempotencyKey = useMemo(newIdempotencyKey, []);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const { plan } = props;
  const start = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const { storm } = await api.startRegionFailover({
        ...props.loss,
        reason: reason.trim(),
        idempotencyKey,
      });
      navigate(stormLink({ id: storm.id }));
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={props.onClose} aria-labelledby="region-failover">
      <DialogTitle id="region-failover">
        Fail over {plan.summary.affected} services
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          Every affected service is moved away from{' '}
          {plan.lostClusters.join(', ')}, most critical first, a few at a time;
          a service whose capacity is not free waits for it. The plan is made
          again when the region failover starts, on the fleet as it is then.
        </DialogContentText>
        <TextField
          id="region-failover-reason"
          label="Reason (required)"
          fullWidth
          variant="outlined"
          size="small"
          value={reason}
          onChange={e => setReason(e.target.value)}
          helperText="Recorded with the region failover and each service's run."
        />
        {error && (
          <Box mt={2}>
            <Alert severity="error">{error}</Alert>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        {busy && <CircularProgress size={20} />}
        <Button onClick={props.onClose}>Cancel</Button>
        <Button
          color="secondary"
          variant="contained"
          disabled={busy || reason.trim().length === 0}
          onClick={start}
        >
          Start region failover
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Why the others see no button. */
export const REGION_FAILOVER_DENIED =
  'Failing these services over needs the multi-cluster.failover.region permission.';

/**
 * "Fail over these services": a region failover of the same loss, for people
 * allowed `multi-cluster.failover.region`; the others are told why not.
 */
export function StartRegionFailover(props: {
  loss: WhatIfLoss;
  plan: WhatIfPlan;
}) {
  const permission = usePermission({
    permission: multiClusterFailoverRegionPermission,
  });
  const [open, setOpen] = useState(false);
  if (props.plan.summary.affected === 0 || permission.loading) return null;
  if (!permission.allowed) {
    return (
      <Typography variant="caption" color="textSecondary">
        {REGION_FAILOVER_DENIED}
      </Typography>
    );
  }
  return (
    <>
      <Button
        variant="contained"
        color="secondary"
        onClick={() => setOpen(true)}
      >
        Fail over these services
      </Button>
      {open && (
        <StartDialog
          loss={props.loss}
          plan={props.plan}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
