import type { FleetDescription } from './fleet';
import type { Scenario } from './scenario';

/** What every seeding step and controller of the simulator is given. */
export interface SimulatorContext {
  fleet: FleetDescription;
  scenario: Scenario;
  log: (message: string) => void;
  /** Aborted when the simulator stops: watches and loops end. */
  signal: AbortSignal;
}

/** A running controller or server. */
export interface Stoppable {
  stop(): Promise<void>;
}
