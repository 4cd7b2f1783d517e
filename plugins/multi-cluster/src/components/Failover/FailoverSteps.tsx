import {
  StatusAborted,
  StatusError,
  StatusOK,
  StatusPending,
  StatusRunning,
} from '@backstage/core-components';
import {
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Typography,
} from '@material-ui/core';
import type {
  FailoverRunStep,
  FailoverStep,
} from '@flotilla/plugin-multi-cluster-common';
import { stepOutcome } from './stepOutcome';

function StepIcon({
  status,
}: {
  status: FailoverRunStep['status'] | 'planned';
}) {
  switch (status) {
    case 'succeeded':
      return <StatusOK />;
    case 'failed':
      return <StatusError />;
    case 'running':
      return <StatusRunning />;
    case 'skipped':
    case 'cancelled':
      return <StatusAborted />;
    default:
      return <StatusPending />;
  }
}

function describe(step: FailoverRunStep): string {
  if (step.status === 'skipped') return `skipped: ${step.skipReason ?? ''}`;
  if (step.error)
    return `${step.status} after ${step.attempts} attempt(s): ${step.error}`;
  if (step.status === 'succeeded' && step.startedAt && step.finishedAt) {
    const ms = Date.parse(step.finishedAt) - Date.parse(step.startedAt);
    return `succeeded in ${(ms / 1000).toFixed(1)}s`;
  }
  return step.status;
}

/** The runbook: planned steps before a run, live steps during and after one. */
export function FailoverSteps(props: {
  planned?: FailoverStep[];
  steps?: FailoverRunStep[];
}) {
  if (props.steps) {
    return (
      <List dense aria-label="Failover steps">
        {props.steps.map(step => (
          <ListItem
            key={step.order}
            data-testid={`step-${step.kind}`}
            data-status={step.status}
          >
            <ListItemIcon>
              <StepIcon status={step.status} />
            </ListItemIcon>
            <ListItemText
              primary={`${step.order}. ${step.title}`}
              secondary={
                <>
                  {describe(step)}
                  {stepOutcome(step).map(line => (
                    <Typography
                      key={line}
                      component="span"
                      variant="body2"
                      display="block"
                      data-testid={`step-outcome-${step.kind}`}
                    >
                      {line}
                    </Typography>
                  ))}
                </>
              }
            />
          </ListItem>
        ))}
      </List>
    );
  }
  return (
    <List dense aria-label="Planned steps">
      {(props.planned ?? []).map(step => (
        <ListItem key={step.order}>
          <ListItemIcon>
            <StepIcon status={step.skipReason ? 'skipped' : 'planned'} />
          </ListItemIcon>
          <ListItemText
            primary={`${step.order}. ${step.title}`}
            secondary={
              step.skipReason
                ? `will be skipped: ${step.skipReason}`
                : step.description
            }
          />
        </ListItem>
      ))}
    </List>
  );
}
