import fs from 'node:fs';
import path from 'node:path';
import { startArgoCd, seedArgoCd } from './argocd';
import { seedClusterApi, startClusterApi } from './capi';
import type { SimulatorContext, Stoppable } from './context';
import { startFaults } from './faults';
import { readFleet } from './fleet';
import { seedFlux } from './flux/seed';
import { seedKarmada, startKarmada } from './karmada';
import { seedMembers, startMembers } from './members';
import { seedOcm, startOcm } from './ocm';
import { seedRancherFleet, startRancherFleet } from './rancherFleet';
import { loadScenario } from './scenario';
import { seedVelero, startVelero } from './velero';

/**
 * The fleet simulator process (started by `scripts/fleet.sh up`): seeds the
 * scenario into the fleet's API servers, then plays the controllers that
 * cannot run here, until SIGTERM. Wiring only.
 */
async function main() {
  const abort = new AbortController();
  const ctx: SimulatorContext = {
    fleet: readFleet(),
    scenario: loadScenario(),
    log: message =>
      process.stdout.write(`${new Date().toISOString()} ${message}\n`),
    signal: abort.signal,
  };
  // fleet.sh waits for this file: written once seeded and running.
  const readyFile = path.join(ctx.fleet.dir, 'simulator-ready');
  fs.rmSync(readyFile, { force: true });
  const running: Stoppable[] = [];
  const stop = async () => {
    abort.abort();
    for (const s of running.reverse()) await s.stop().catch(() => undefined);
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);

  // The fault proxies first: every other client reaches members through them.
  running.push(await startFaults(ctx));
  await seedKarmada(ctx);
  await seedMembers(ctx);
  await seedClusterApi(ctx);
  await seedArgoCd(ctx);
  await seedFlux(ctx);
  await seedRancherFleet(ctx);
  await seedOcm(ctx);
  await seedVelero(ctx);
  running.push(await startKarmada(ctx));
  running.push(await startMembers(ctx));
  running.push(await startClusterApi(ctx));
  running.push(await startArgoCd(ctx));
  running.push(await startRancherFleet(ctx));
  running.push(await startOcm(ctx));
  running.push(await startVelero(ctx));
  fs.writeFileSync(readyFile, new Date().toISOString());
  ctx.log('fleet simulator running');
}

main().catch(error => {
  process.stderr.write(`fleet simulator failed: ${error.stack ?? error}\n`);
  process.exit(1);
});
