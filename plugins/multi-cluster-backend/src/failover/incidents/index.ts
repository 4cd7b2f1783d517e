import { LoggerService } from '@backstage/backend-plugin-api';
import { FailoverEvents } from '../FailoverEvents';
import { FailoverRun } from '../types';
import { IncidentConfig } from './config';
import { IncidentHttpOptions } from './http';
import { PagerDutyChannel } from './PagerDutyChannel';
import { RunIncidents } from './RunIncidents';
import { StatusPageChannel } from './StatusPageChannel';
import { IncidentChannel } from './types';

export type { IncidentConfig } from './config';
export { readIncidentConfig } from './config';
export { RunIncidents } from './RunIncidents';

/** The configured channels' incidents, subscribed to `events`. */
export function createRunIncidents(options: {
  config: IncidentConfig | undefined;
  events: FailoverEvents;
  getRun(id: string): Promise<FailoverRun | undefined>;
  logger: LoggerService;
  appBaseUrl?: string;
  http?: Partial<IncidentHttpOptions>;
}): RunIncidents {
  const http: IncidentHttpOptions = {
    sleep: ms => new Promise(resolve => setTimeout(resolve, ms)),
    ...options.http,
  };
  const channels: IncidentChannel[] = [];
  if (options.config?.pagerDuty) {
    channels.push(new PagerDutyChannel(options.config.pagerDuty, http));
  }
  if (options.config?.statusPage) {
    channels.push(new StatusPageChannel(options.config.statusPage, http));
  }
  const incidents = new RunIncidents({ ...options, channels });
  incidents.subscribe();
  return incidents;
}
