import fs from 'node:fs';
import { requestOnce, type ApiAnswer } from './apiClient';
import type { PlacedCluster } from './clusters';
import { publicUrl, selected } from './layout';
import { isRunning } from './processes';
import { simulatorHealthy } from './simulator';

/** ` rss=<MB>MB` of a running process. */
function residentMemory(pid: number): string {
  const statusText = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(/VmRSS:\s+(\d+)/.exec(statusText)![1]);
  return ` rss=${Math.round(kilobytes / 1024)}MB`;
}

/** Prints the cluster's line; whether its API server is ready. */
async function clusterStatus(placed: PlacedCluster): Promise<boolean> {
  const { cluster } = placed;
  const pid = isRunning(cluster.name);
  const answer: ApiAnswer | undefined = pid
    ? await requestOnce(placed, 'GET', '/readyz').catch(
        (e: Error): ApiAnswer => ({ text: e.message }),
      )
    : undefined;
  const ok = answer?.status === 200;
  const rss = pid ? residentMemory(pid) : '';
  let state = 'stopped';
  if (pid) state = ok ? 'ready' : 'not ready';
  console.log(
    `${cluster.name.padEnd(28)} ${state} ${publicUrl(placed)} ${
      cluster.role
    }${rss}`,
  );
  return ok;
}

async function simulatorStatus(): Promise<string> {
  if (!isRunning('simulator')) return 'stopped';
  return (await simulatorHealthy()) ? 'running' : 'not answering';
}

/** One line per cluster and a summary; whether every API server is ready. */
export async function status(): Promise<boolean> {
  const clusters = selected();
  let ready = 0;
  for (const placed of clusters) {
    if (await clusterStatus(placed)) ready += 1;
  }
  console.log(
    `${ready}/${clusters.length} ready; etcd ${
      isRunning('etcd') ? 'running' : 'stopped'
    }; simulator ${await simulatorStatus()}`,
  );
  return ready === clusters.length;
}
