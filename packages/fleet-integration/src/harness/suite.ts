import { FleetDescription } from '@flotilla/fleet-simulator';
import {
  BackendOptions,
  dropDatabases,
  RunningBackend,
  uniqueDatabasePrefix,
} from './backend';
import { requireFleet } from './fleet';

/**
 * One real backend for a test file: started in beforeAll on its own
 * PostgreSQL databases, stopped (and its databases dropped) in afterAll.
 */
export function useBackend(
  options: Omit<BackendOptions, 'databasePrefix'> & { databasePrefix?: string },
): { fleet: FleetDescription; backend: () => RunningBackend } {
  const fleet = requireFleet();
  const databasePrefix =
    options.databasePrefix ?? uniqueDatabasePrefix(options.name);
  let running: RunningBackend | undefined;
  beforeAll(async () => {
    running = await RunningBackend.start(fleet, { ...options, databasePrefix });
  }, 600_000);
  afterAll(async () => {
    await running?.stop();
    await dropDatabases(databasePrefix);
  }, 60_000);
  return {
    fleet,
    backend: () => {
      if (!running) throw new Error('the backend did not start');
      return running;
    },
  };
}
