import { StepExecutor } from '../types';

// Placeholder until the GitOps pause lands: visible, never silent.
export const gitopsPause: StepExecutor = async () => ({
  skipped: 'pausing GitOps is not available in this build',
});

export const gitopsResume: StepExecutor = async () => ({
  skipped: 'resuming GitOps is not available in this build',
});
