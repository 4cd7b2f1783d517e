import { gitopsPause, gitopsResume } from './gitops';
import { gitopsSync } from './gitopsSync';
import { stateRestore } from './stateRestore';
import { notify } from './notify';
import { precheckSource } from './precheckSource';
import { precheckTarget } from './precheckTarget';
import { shiftReplicas } from './shift';
import { trafficShift } from './trafficShift';
import { StepExecutors } from './types';
import { verify } from './verify';

export const defaultStepExecutors: StepExecutors = {
  'precheck-source': precheckSource,
  'precheck-target': precheckTarget,
  'gitops-pause': gitopsPause,
  'state-restore': stateRestore,
  'shift-replicas': shiftReplicas,
  'gitops-sync': gitopsSync,
  'traffic-shift': trafficShift,
  verify,
  'gitops-resume': gitopsResume,
  notify,
};

export * from './types';
export { WebhookTrafficShiftProvider } from './trafficShift';
export { runLink, sendFailoverNotification } from './notify';
