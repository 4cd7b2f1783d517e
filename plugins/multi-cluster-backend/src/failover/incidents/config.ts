import { Config } from '@backstage/config';

export type PagerDutySeverity = 'critical' | 'error' | 'warning' | 'info';
const SEVERITIES: PagerDutySeverity[] = [
  'critical',
  'error',
  'warning',
  'info',
];

export const DEFAULT_PAGERDUTY_EVENTS_URL =
  'https://events.pagerduty.com/v2/enqueue';
export const DEFAULT_STATUSPAGE_API_URL = 'https://api.statuspage.io';

/** `multiCluster.failover.pagerDuty` */
export interface PagerDutyConfig {
  routingKey: string;
  eventsUrl: string;
  severity: PagerDutySeverity;
}

/** `multiCluster.failover.statusPage` */
export interface StatusPageConfig {
  pageId: string;
  apiKey: string;
  /** Component ids by the service's entity name. */
  componentIds: Record<string, string>;
  apiUrl: string;
}

/** The incident channels configured; none by default. */
export interface IncidentConfig {
  pagerDuty?: PagerDutyConfig;
  statusPage?: StatusPageConfig;
}

function httpsUrl(config: Config, key: string, fallback: string): string {
  const value = config.getOptionalString(key) ?? fallback;
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.hostname !== 'localhost') {
    throw new Error(`${key} must be an https URL`);
  }
  return value.replace(/\/+$/, '');
}

function readPagerDuty(c: Config | undefined): PagerDutyConfig | undefined {
  const pd = c?.getOptionalConfig('pagerDuty');
  if (!pd) return undefined;
  const severity = pd.getOptionalString('severity') ?? 'critical';
  if (!SEVERITIES.includes(severity as PagerDutySeverity)) {
    throw new Error(
      `multiCluster.failover.pagerDuty.severity must be one of ${SEVERITIES.join(
        ', ',
      )}`,
    );
  }
  return {
    routingKey: pd.getString('routingKey'),
    eventsUrl: httpsUrl(pd, 'eventsUrl', DEFAULT_PAGERDUTY_EVENTS_URL),
    severity: severity as PagerDutySeverity,
  };
}

function readStatusPage(c: Config | undefined): StatusPageConfig | undefined {
  const sp = c?.getOptionalConfig('statusPage');
  if (!sp) return undefined;
  const pageId = sp.getString('pageId');
  if (!/^[A-Za-z0-9]{1,64}$/.test(pageId)) {
    throw new Error('multiCluster.failover.statusPage.pageId is not a page id');
  }
  const ids = sp.getOptionalConfig('componentIds');
  const componentIds: Record<string, string> = {};
  for (const name of ids?.keys() ?? []) {
    componentIds[name] = ids!.getString(name);
  }
  return {
    pageId,
    apiKey: sp.getString('apiKey'),
    componentIds,
    apiUrl: httpsUrl(sp, 'apiUrl', DEFAULT_STATUSPAGE_API_URL),
  };
}

/** Reads the incident channels from `multiCluster.failover` (`c`). */
export function readIncidentConfig(c: Config | undefined): IncidentConfig {
  return { pagerDuty: readPagerDuty(c), statusPage: readStatusPage(c) };
}
