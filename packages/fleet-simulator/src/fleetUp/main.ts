// The local fleet: one etcd and one real kube-apiserver per simulated
// cluster, each with its own CA and serving certificate, client-certificate
// and token authentication and RBAC authorization, the upstream CRDs that
// cluster needs, and `.fleet/kubeconfig` with one context per cluster.
//
// Usage (through scripts/fleet.sh, which finds the binaries):
//   node --require @backstage/cli/config/nodeTransform.cjs \
//     packages/fleet-simulator/src/fleetUp/main.ts up|snapshot|reset|down|status <assets-dir>
import { say } from './layout';
import { down, reset, snapshot } from './lifecycle';
import { status } from './status';
import { up } from './up';

async function main(): Promise<void> {
  const [command, assets] = process.argv.slice(2);
  if (command === 'up') await up(assets);
  else if (command === 'snapshot') await snapshot(assets);
  else if (command === 'reset') await reset(assets);
  else if (command === 'down') await down();
  else if (command === 'status') process.exitCode = (await status()) ? 0 : 1;
  else
    throw new Error(
      'usage: fleetUp/main.ts up|snapshot|reset <assets-dir> | down | status',
    );
}

main().catch((error: Error) => {
  say(error.message);
  process.exitCode = 1;
});
