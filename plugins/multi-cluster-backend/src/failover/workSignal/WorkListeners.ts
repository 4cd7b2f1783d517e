import { LoggerService } from '@backstage/backend-plugin-api';
import { sanitizeForLog } from '@flotilla/plugin-multi-cluster-node';
import { WorkListener, WorkNotice } from './types';

/** The subscribers of a work signal, each called for every notice. */
export class WorkListeners {
  private readonly listeners = new Set<WorkListener>();

  constructor(private readonly logger: LoggerService) {}

  subscribe(listener: WorkListener): () => void {
    // A wrapper, so one listener subscribed twice gets two subscriptions.
    const entry: WorkListener = notice => listener(notice);
    this.listeners.add(entry);
    return () => {
      this.listeners.delete(entry);
    };
  }

  /** Calls every listener; one that throws does not keep the others from it. */
  dispatch(notice: WorkNotice): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(notice);
      } catch (error) {
        this.logger.warn(
          `Work signal listener failed on ${notice.kind}: ${sanitizeForLog(
            error,
            500,
          )}`,
        );
      }
    }
  }
}
