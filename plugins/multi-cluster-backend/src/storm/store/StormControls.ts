import { Knex } from 'knex';
import { PENDING_CHILD_STATUSES, StormStatus } from '../types';
import { CHILDREN, STORMS } from './stormTables';

/** The outcome of a pause, resume or cancel on a storm's status. */
export type ControlOutcome = 'changed' | 'unchanged' | 'finished';

/**
 * A person's controls of a storm: pause, resume, cancel. Each is a
 * conditional UPDATE of the storm's row, which the orchestrator's admission
 * also updates in the transaction that creates a child's run: so a child is
 * admitted either before the control (and the control sees it running) or
 * not at all.
 */
export class StormControls {
  constructor(private readonly db: Knex) {}

  /** running → paused; `unchanged` when already paused or cancelling. */
  pause(stormId: string): Promise<ControlOutcome> {
    return this.switchStatus(stormId, 'running', 'paused');
  }

  /** paused → running. */
  resume(stormId: string): Promise<ControlOutcome> {
    return this.switchStatus(stormId, 'paused', 'running');
  }

  private async switchStatus(
    stormId: string,
    from: StormStatus,
    to: StormStatus,
  ): Promise<ControlOutcome> {
    const updated = await this.db(STORMS)
      .where({ id: stormId, status: from, cancel_requested: false })
      .update({ status: to, updated_at: new Date().toISOString() });
    if (updated === 1) return 'changed';
    return (await this.isActive(stormId)) ? 'unchanged' : 'finished';
  }

  /**
   * Cancels a storm: marks it, cancels its pending children and returns
   * the runs of its running children (to be asked to stop), in one
   * transaction. A paused storm resumes its orchestration to wind down.
   */
  async cancel(
    stormId: string,
    reason: string,
  ): Promise<{ outcome: ControlOutcome; runIds: string[] }> {
    return this.db.transaction(async tx => {
      const now = new Date().toISOString();
      const marked = await tx(STORMS)
        .where({ id: stormId })
        .whereIn('status', ['running', 'paused'])
        .update({ cancel_requested: true, status: 'running', updated_at: now });
      if (marked !== 1) return { outcome: 'finished', runIds: [] };
      await tx(CHILDREN)
        .where({ storm_id: stormId })
        .whereIn('status', PENDING_CHILD_STATUSES)
        .update({ status: 'cancelled', reason, updated_at: now });
      const running: { run_id: string }[] = await tx(CHILDREN)
        .where({ storm_id: stormId, status: 'running' })
        .whereNotNull('run_id')
        .select('run_id');
      return { outcome: 'changed', runIds: running.map(r => r.run_id) };
    });
  }

  private async isActive(stormId: string): Promise<boolean> {
    const row: { status: StormStatus } | undefined = await this.db(STORMS)
      .where({ id: stormId })
      .first('status');
    return row?.status === 'running' || row?.status === 'paused';
  }
}
