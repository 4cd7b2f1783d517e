import { LoggerService } from '@backstage/backend-plugin-api';
import { WorkListeners } from './WorkListeners';
import { WorkListener, WorkNoticeKind, WorkSignal } from './types';

/**
 * Notices within this process only: for SQLite (tests, development), where
 * one backend process is the only replica.
 */
export class InProcessWorkSignal implements WorkSignal {
  readonly transport = 'in-process';
  private readonly listeners: WorkListeners;

  constructor(logger: LoggerService) {
    this.listeners = new WorkListeners(logger);
  }

  async notify(
    kind: WorkNoticeKind,
    detail: { runId?: string } = {},
  ): Promise<void> {
    this.listeners.dispatch({ kind, ...detail });
  }

  subscribe(listener: WorkListener): () => void {
    return this.listeners.subscribe(listener);
  }

  async start(): Promise<void> {}

  async stop(): Promise<void> {}
}
