import { failoverSourceCheck } from '../../failoverHealth';
import type { RunbookStep } from '../types';

/** The failing cluster's health, recorded before anything moves. */
export const precheckSourceStep: RunbookStep<'precheck-source'> = {
  kind: 'precheck-source',
  timeoutSeconds: 30,
  maxAttempts: 3,
  failover: ({ request, source }) => {
    const { from, force } = request;
    return {
      title: `Check ${from}`,
      description: `Record the health of ${from}; ${
        force
          ? 'proceed whatever it reports (forced)'
          : 'stop if it is still healthy, unless forced'
      }. When planned: ${failoverSourceCheck(source, Boolean(force)).reason}.`,
      params: { cluster: from, force: Boolean(force) },
    };
  },
  rollback: ({ from }) => ({
    title: `Check ${from}`,
    description: `Record the health of ${from} (fail back: forced).`,
    params: { cluster: from, force: true },
  }),
};
