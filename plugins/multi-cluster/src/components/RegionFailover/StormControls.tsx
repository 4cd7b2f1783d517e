import { useState } from 'react';
import { Box, Button, Tooltip } from '@material-ui/core';
import type { RegionFailover } from '@flotilla/plugin-multi-cluster-common';
import { ConfirmDialog } from './ConfirmDialog';

export const CONTROL_DENIED =
  'Only people allowed multi-cluster.failover.region can pause, resume, cancel or fail back a region failover.';

type Confirming = 'cancel' | 'fail-back';

/** Asks before cancelling, and for the reason of a failback. */
function StormConfirmation(props: {
  confirming: Confirming;
  storm: RegionFailover;
  onClose(): void;
  onCancel(): void;
  onFailBack(reason: string): void;
}) {
  if (props.confirming === 'cancel') {
    return (
      <ConfirmDialog
        title="Cancel the region failover?"
        text="Queued services are not moved; running ones are asked to stop. What already moved stays where it is."
        confirm="Cancel region failover"
        onClose={props.onClose}
        onConfirm={() => {
          props.onClose();
          props.onCancel();
        }}
      />
    );
  }
  return (
    <ConfirmDialog
      title="Fail back?"
      text={`Moves back what this region failover moved away from ${props.storm.lostClusters.join(
        ', ',
      )}, as a failback of its own, once those clusters are healthy.`}
      confirm="Start failback"
      askReason
      onClose={props.onClose}
      onConfirm={reason => {
        props.onClose();
        props.onFailBack(reason);
      }}
    />
  );
}

/**
 * Pause while it runs, resume while paused, cancel until it ends, and fail
 * back a region failover that succeeded. Cancel and fail back ask first.
 */
export function StormControls(props: {
  storm: RegionFailover;
  allowed: boolean;
  onPause(): void;
  onResume(): void;
  onCancel(): void;
  onFailBack(reason: string): void;
}) {
  const { storm, allowed } = props;
  const [confirming, setConfirming] = useState<Confirming>();
  const open = storm.status === 'running' || storm.status === 'paused';
  const mayFailBack = storm.kind === 'failover' && storm.status === 'succeeded';
  return (
    <Tooltip title={allowed ? '' : CONTROL_DENIED}>
      <Box display="flex" style={{ gap: 8 }}>
        {storm.status === 'running' && (
          <Button
            variant="outlined"
            disabled={!allowed}
            onClick={props.onPause}
          >
            Pause
          </Button>
        )}
        {storm.status === 'paused' && (
          <Button
            variant="outlined"
            disabled={!allowed}
            onClick={props.onResume}
          >
            Resume
          </Button>
        )}
        {open && (
          <Button
            variant="outlined"
            disabled={!allowed}
            onClick={() => setConfirming('cancel')}
          >
            Cancel
          </Button>
        )}
        {mayFailBack && (
          <Button
            variant="contained"
            color="secondary"
            disabled={!allowed}
            onClick={() => setConfirming('fail-back')}
          >
            Fail back
          </Button>
        )}
        {confirming && (
          <StormConfirmation
            confirming={confirming}
            storm={storm}
            onClose={() => setConfirming(undefined)}
            onCancel={props.onCancel}
            onFailBack={props.onFailBack}
          />
        )}
      </Box>
    </Tooltip>
  );
}
