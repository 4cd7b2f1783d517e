import { StepExecutor } from '../types';

// Placeholder until the Velero restore lands: visible, never silent.
export const stateRestore: StepExecutor = async () => ({
  skipped: 'restoring state is not available in this build',
});
