import fs from 'node:fs';
import path from 'node:path';
import type { SimulatorContext, Stoppable } from '../context';
import { startControlServer } from './controlServer';
import { FaultProxy, startFaultProxy } from './faultProxy';
import { OutageController } from './outage';
import { setOpenCost } from './openCost';

export * from './state';
export * from './openCost';
export { OutageController } from './outage';

/**
 * Starts a fault proxy in front of every member (on its `proxyPort`, where
 * `publicUrl` points) and the fault API on `fleet.simulator.port`.
 */
export async function startFaults(ctx: SimulatorContext): Promise<Stoppable> {
  const members = ctx.fleet.clusters.filter(c => c.kind === 'member');
  for (const cluster of ctx.scenario.clusters) {
    if (cluster.openCost) setOpenCost(cluster.name, cluster.openCost);
  }
  const proxies = new Map<string, FaultProxy>();
  const stopAll = async () => {
    await Promise.all([...proxies.values()].map(p => p.stop()));
  };
  try {
    for (const member of members) {
      if (member.proxyPort === undefined) continue;
      const read = (name: string) =>
        fs.readFileSync(path.join(member.pkiDir, name));
      proxies.set(
        member.name,
        await startFaultProxy({
          cluster: member.name,
          port: member.proxyPort,
          target: member.url,
          ca: read('ca.crt'),
          cert: read('serving.crt'),
          key: read('serving.key'),
          log: ctx.log,
        }),
      );
    }
  } catch (error) {
    await stopAll();
    throw error;
  }

  let control;
  try {
    control = await startControlServer({
      port: ctx.fleet.simulator.port,
      members,
      outages: new OutageController({ log: ctx.log }),
      proxyStats: cluster => proxies.get(cluster)?.stats(),
      log: ctx.log,
    });
  } catch (error) {
    await stopAll();
    throw error;
  }
  ctx.log(
    `faults: ${proxies.size} member proxies, API on http://127.0.0.1:${control.port}`,
  );

  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= Promise.all([control.stop(), stopAll()]).then(
      () => undefined,
    ));
  ctx.signal.addEventListener('abort', () => void stop(), { once: true });
  return { stop };
}
