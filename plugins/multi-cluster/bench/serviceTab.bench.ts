/* eslint-disable no-console */
/**
 * Time to interactive of the service's Multi-cluster tab in Chromium, with
 * the demo fleet at 10 clusters (the default demo) and at 500 clusters.
 *
 * For each fleet size it starts the demo app with the README's start command
 * (plus a generated config for the large fleet), signs in as the guest, and
 * loads /catalog/default/component/checkout/multi-cluster several times,
 * measuring from navigation to the moment the replica table shows every
 * cluster and the failover button is enabled.
 *
 * Run from the repository root: yarn workspace @flotilla/plugin-multi-cluster bench
 * (`bench:smoke`: the 10-cluster fleet, one measured load).
 * Needs Debian's Chromium at /usr/bin/chromium (FLOTILLA_CHROMIUM overrides).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { stringify } from 'yaml';
import { requireMeasured, runBench, sized } from '@flotilla/bench-kit';

const ROOT = path.resolve(__dirname, '../../..');
const RUNS = Number(process.env.BENCH_RUNS ?? sized(5, 1));
const CHROMIUM = process.env.FLOTILLA_CHROMIUM ?? '/usr/bin/chromium';
/**
 * The demo already running on its ports (the test command's start-command
 * phase) is measured as it is for the 10-cluster fleet, not started again.
 */
const RUNNING_APP = process.env.FLOTILLA_BENCH_RUNNING_APP === '1';

/** A demo fleet of `size` clusters with checkout running 1 replica on each. */
function largeFleetConfig(size: number): string {
  const regions = ['eu-west', 'us-east', 'ap-southeast', 'sa-east', 'af-south'];
  const clusters = Array.from({ length: size }, (_, i) => ({
    name: `bench-${String(i).padStart(4, '0')}`,
    region: regions[i % regions.length],
    provider: ['aws', 'gcp', 'azure'][i % 3],
    environment: 'prod',
    workloadClass: 'latency-sensitive',
    capacity: { cpu: '64', memory: '256Gi', pods: '880' },
    allocated: { cpu: '16', memory: '64Gi', pods: '200' },
    machineDeployments: [{ name: 'md-general', replicas: 4 }],
  }));
  const replicas = Object.fromEntries(clusters.map(c => [c.name, 1]));
  return stringify({
    multiCluster: {
      demo: {
        clusters,
        workloads: [{ kubernetesId: 'checkout', namespace: 'shop', replicas }],
      },
    },
  });
}

async function waitFor(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not come up`);
    await new Promise(r => setTimeout(r, 1000));
  }
}

function startApp(extraConfig?: string): ChildProcess {
  const args = ['scripts/start.sh'];
  if (extraConfig)
    args.push('--config', 'app-config.yaml', '--config', extraConfig);
  return spawn('bash', args, { cwd: ROOT, detached: true, stdio: 'ignore' });
}

function stopApp(app: ChildProcess) {
  try {
    process.kill(-app.pid!, 'SIGTERM');
  } catch {
    // already gone
  }
}

async function measure(expectedRows: number): Promise<number[]> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
  const page = await browser.newPage({
    viewport: { width: 1440, height: 1000 },
  });
  await page.goto('http://localhost:3000/');
  await page.getByRole('button', { name: 'Enter' }).click();
  await page
    .getByRole('link', { name: 'Fleet', exact: true })
    .first()
    .waitFor({ timeout: 60_000 });
  // The catalog reads the demo files after the backend starts: wait for it.
  for (let attempt = 0; ; attempt++) {
    await page.goto(
      'http://localhost:3000/catalog/default/component/checkout/multi-cluster',
    );
    try {
      await page.getByText('Replicas per cluster').waitFor({ timeout: 10_000 });
      break;
    } catch (error) {
      if (attempt > 20) throw error;
    }
  }
  const timings: number[] = [];
  for (let i = 0; i < RUNS + 1; i++) {
    const started = Date.now();
    await page.goto(
      'http://localhost:3000/catalog/default/component/checkout/multi-cluster',
    );
    await page
      .getByRole('button', { name: 'Fail over' })
      .and(page.locator(':enabled'))
      .waitFor({ timeout: 120_000 });
    await page.waitForFunction(
      rows =>
        document.querySelectorAll('[data-testid^="replicas-"]').length >= rows,
      Math.min(expectedRows, 20),
      { timeout: 120_000 },
    );
    // The first load warms the dev server's bundle cache; it is not counted.
    if (i > 0) timings.push(Date.now() - started);
  }
  await browser.close();
  return timings;
}

const median = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const results: { fleet: number; median: number; min: number; max: number }[] =
    [];
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'flotilla-bench-'));
  for (const size of sized([10, 500], [10])) {
    let config: string | undefined;
    if (size !== 10) {
      config = path.join(tmp, `fleet-${size}.yaml`);
      fs.writeFileSync(config, largeFleetConfig(size));
    }
    const app = RUNNING_APP && size === 10 ? undefined : startApp(config);
    try {
      await waitFor(
        'http://localhost:7007/.backstage/health/v1/readiness',
        300_000,
      );
      await waitFor('http://localhost:3000', 300_000);
      const timings = await measure(size === 10 ? 4 : size);
      requireMeasured(timings.length > 0, `no load of the ${size}-cluster tab`);
      results.push({
        fleet: size,
        median: median(timings),
        min: Math.min(...timings),
        max: Math.max(...timings),
      });
    } finally {
      if (app) {
        stopApp(app);
        await new Promise(r => setTimeout(r, 3000));
      }
    }
  }
  console.log('\nService tab time to interactive (Chromium, dev server, ms)');
  console.log('| clusters | median | min | max | median / 10-cluster median |');
  console.log('|---:|---:|---:|---:|---:|');
  for (const r of results) {
    console.log(
      `| ${r.fleet} | ${r.median} | ${r.min} | ${r.max} | ${(
        r.median / results[0].median
      ).toFixed(2)} |`,
    );
  }
}

runBench('service tab', main);
