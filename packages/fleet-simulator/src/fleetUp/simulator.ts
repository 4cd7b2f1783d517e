import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import {
  file,
  READY_DEADLINE_MS,
  SIMULATOR_DIR,
  SIMULATOR_PORT,
  STATE,
} from './layout';
import { isRunning, startProcess } from './processes';

/**
 * The simulator answers on its control API, and has seeded the scenario and
 * started its controllers (it writes `simulator-ready` then).
 */
export function simulatorHealthy(): Promise<boolean> {
  if (!fs.existsSync(file('simulator-ready'))) return Promise.resolve(false);
  return new Promise(resolve => {
    const req = http.get(
      {
        host: '127.0.0.1',
        port: SIMULATOR_PORT,
        path: '/healthz',
        timeout: 2000,
      },
      res => {
        res.resume();
        resolve(res.statusCode === 200);
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
  });
}

/** Whether this checkout has the simulator to start. */
export function simulatorPresent(): boolean {
  return fs.existsSync(path.join(SIMULATOR_DIR, 'src/main.ts'));
}

/**
 * The fleet simulator (packages/fleet-simulator): the controllers that cannot
 * run here, the Karmada aggregated API server and the members' fault proxies.
 */
export async function startSimulator(): Promise<void> {
  if (!isRunning('simulator'))
    fs.rmSync(file('simulator-ready'), { force: true });
  startProcess(
    'simulator',
    process.execPath,
    [
      '--require',
      require.resolve('@backstage/cli/config/nodeTransform.cjs', {
        paths: [SIMULATOR_DIR],
      }),
      path.join(SIMULATOR_DIR, 'src/main.ts'),
    ],
    {
      cwd: SIMULATOR_DIR,
      env: { ...process.env, FLOTILLA_FLEET_DIR: path.resolve(STATE) },
    },
  );
  // Seeding writes some hundred objects: on a loaded machine that alone can
  // take minutes. The simulator being alive is checked on every poll.
  const deadline = Date.now() + 3 * READY_DEADLINE_MS;
  while (!(await simulatorHealthy())) {
    if (!isRunning('simulator') || Date.now() > deadline) {
      throw new Error(
        `the fleet simulator did not start; see ${file(
          'logs',
          'simulator.log',
        )}`,
      );
    }
    await new Promise(resolve => setTimeout(resolve, 300));
  }
}
