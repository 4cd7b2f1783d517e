import { IncidentPhase, IncidentRun } from './incidentText';

/** What a channel recorded about the run's incident (its id, its key). */
export type IncidentRecord = Record<string, string>;

/**
 * An outside incident channel. Each call is idempotent: a run resumed
 * after a crash calls `open` again and must find the same incident.
 */
export interface IncidentChannel {
  readonly name: 'pagerduty' | 'statuspage';
  /** The run started executing (or resumed). */
  open(run: IncidentRun): Promise<IncidentRecord>;
  /** The run ended without succeeding: the incident stays open, updated. */
  update(
    run: IncidentRun,
    phase: Exclude<IncidentPhase, 'started' | 'succeeded'>,
  ): Promise<IncidentRecord>;
  /** The run succeeded. */
  resolve(run: IncidentRun): Promise<IncidentRecord>;
}
