import { AdmissionRule } from '../types';

/**
 * A service's children (one per lost cluster) run one after another: the
 * failover's entity lock admits one unfinished run per service.
 */
export const oneRunPerService: AdmissionRule = (child, _fit, state) =>
  state.busyServices.has(child.entityRef)
    ? {
        kind: 'wait',
        status: 'queued',
        reason: `waits for the run of ${child.entityRef} from another lost cluster`,
      }
    : undefined;
