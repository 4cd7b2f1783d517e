import { Config, readDurationFromConfig } from '@backstage/config';
import { durationToMilliseconds } from '@backstage/types';
import {
  GitopsPauseConfig,
  readGitopsPauseConfig,
} from './steps/gitops/config';
import { IncidentConfig, readIncidentConfig } from './incidents/config';

/** `multiCluster.failover.*` */
export interface FailoverConfig {
  /** Multiplies every step timeout, poll interval and backoff (tests: 0.01). */
  timeScale: number;
  /**
   * How often each backend replica looks for claimable runs anyway: the
   * safety net under the work signal (which wakes workers on new work)
   * and the wake-up at the first held lease's expiry.
   */
  pollIntervalMs: number;
  /** Lease of a claimed run; renewed at a third of it while working. */
  leaseMs: number;
  /** Runs one replica executes at the same time. */
  concurrency: number;
  /** First retry delay of a step (doubles per attempt, capped at 30s). */
  retryBackoffMs: number;
  /** Poll interval of verify and Argo CD sync (before timeScale). */
  stepPollIntervalMs: number;
  /** Argo CD's REST API, for the gitops-sync step. */
  argocd?: { baseUrl: string; token: string };
  /** Where the gitops-pause and gitops-resume steps find Argo CD and Flux. */
  gitops?: GitopsPauseConfig;
  traffic?: { webhook?: { url: string; token?: string } };
  /** What `{fleet}` in a `flotilla.io/health-probe` template stands for. */
  healthProbe?: { fleetUrl?: string };
  /**
   * Set when the deprecated `slack.webhookUrl` still is: only to warn that
   * it is ignored (notifications deliver to Slack now).
   */
  deprecatedSlackWebhook?: boolean;
  /** PagerDuty and Statuspage (`incidents/`). */
  incidents?: IncidentConfig;
  /** Base URL of the Backstage app, for links in notifications. */
  appBaseUrl?: string;
}

function ms(config: Config | undefined, key: string, fallback: number) {
  if (!config?.has(key)) return fallback;
  if (typeof config.get(key) === 'number') return config.getNumber(key);
  return durationToMilliseconds(readDurationFromConfig(config, { key }));
}

export function readFailoverConfig(root: Config): FailoverConfig {
  const c = root.getOptionalConfig('multiCluster.failover');
  // `argocd` may also carry only the gitops-pause cluster (no REST API).
  const argocd = c?.getOptionalString('argocd.baseUrl')
    ? c.getConfig('argocd')
    : undefined;
  const webhook = c?.getOptionalConfig('traffic.webhook');
  const fleetUrl = c?.getOptionalString('healthProbe.fleetUrl');
  return {
    timeScale: c?.getOptionalNumber('timeScale') ?? 1,
    pollIntervalMs: ms(c, 'pollInterval', 30_000),
    leaseMs: ms(c, 'leaseDuration', 60_000),
    concurrency: c?.getOptionalNumber('concurrency') ?? 10,
    retryBackoffMs: ms(c, 'retryBackoff', 2000),
    stepPollIntervalMs: ms(c, 'stepPollInterval', 5000),
    argocd: argocd
      ? {
          baseUrl: argocd.getString('baseUrl').replace(/\/+$/, ''),
          token: argocd.getString('token'),
        }
      : undefined,
    gitops: readGitopsPauseConfig(c),
    traffic: webhook
      ? {
          webhook: {
            url: webhook.getString('url'),
            token: webhook.getOptionalString('token'),
          },
        }
      : undefined,
    healthProbe: fleetUrl ? { fleetUrl } : undefined,
    deprecatedSlackWebhook: c?.has('slack.webhookUrl') || undefined,
    incidents: readIncidentConfig(c),
    appBaseUrl: root.getOptionalString('app.baseUrl'),
  };
}
