/**
 * Karmada as the local fleet needs it: the aggregated API server for
 * `cluster.karmada.io` and the controllers Karmada's control plane would
 * run (cluster status, detector, scheduler, binding, execution, status
 * aggregation). `seedKarmada` registers the members and the scenario's
 * workloads and add-ons.
 */
import path from 'node:path';
import { CoreV1Api } from '@kubernetes/client-node';
import type { SimulatorContext, Stoppable } from '../context';
import { AggregatedApiServer, readServingTls } from './aggregatedApiServer';
import { ClusterStorage } from './clusterStorage';
import { karmadaKubeConfig, karmadaOf, readSecretData } from './kube';
import { SubjectAccessReviewAuthorizer } from './requestAuth';
import { startControllers } from './controllers';

export { seedKarmada } from './seed';

/** Where the aggregated API server keeps its Clusters. */
export function clustersFile(fleetDirectory: string): string {
  return path.join(fleetDirectory, 'karmada', 'clusters.json');
}

export async function startAggregatedApiServer(
  ctx: SimulatorContext,
): Promise<Stoppable> {
  const kubeConfig = karmadaKubeConfig(ctx.fleet);
  const core = kubeConfig.makeApiClient(CoreV1Api);
  const server = new AggregatedApiServer({
    port: ctx.fleet.karmadaAggregatedApiServer.port,
    tls: readServingTls(karmadaOf(ctx.fleet).pkiDir),
    storage: new ClusterStorage(clustersFile(ctx.fleet.dir)),
    authorizer: new SubjectAccessReviewAuthorizer(kubeConfig),
    readSecret: (namespace, name) => readSecretData(core, namespace, name),
    log: ctx.log,
  });
  const port = await server.start();
  ctx.log(
    `karmada-aggregated-apiserver serving cluster.karmada.io/v1alpha1 on https://127.0.0.1:${port}`,
  );
  return server;
}

/** The aggregated API server, then the controllers; stops them in reverse. */
export async function startKarmada(ctx: SimulatorContext): Promise<Stoppable> {
  const server = await startAggregatedApiServer(ctx);
  const controllers = await startControllers(ctx);
  return {
    async stop() {
      await controllers.stop();
      await server.stop();
    },
  };
}
