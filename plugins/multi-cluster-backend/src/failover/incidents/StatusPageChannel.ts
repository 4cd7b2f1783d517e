import { StatusPageConfig } from './config';
import { IncidentHttpOptions, requestJson } from './http';
import { IncidentPhase, IncidentRun, statusPageText } from './incidentText';
import { IncidentChannel, IncidentRecord } from './types';

/** Written into the incident's first update: how a retry finds it. */
export const statusPageMarker = (runId: string) =>
  `Reference: flotilla-failover-${runId}`;

interface StatusPageIncident {
  id: string;
  name?: string;
  incident_updates?: { body?: string }[];
}

/** Unresolved incidents read when looking for the run's (one page). */
const UNRESOLVED_PAGE_SIZE = 100;

/**
 * An Atlassian Statuspage incident per run (REST API v1, `Authorization:
 * OAuth <key>`). Exactly one per run: before creating, the page's
 * unresolved incidents are searched for the run's marker, so a crash
 * between creating and recording does not create a second one.
 */
export class StatusPageChannel implements IncidentChannel {
  readonly name = 'statuspage' as const;
  /** Incident ids found or created by this process, by run. */
  private readonly known = new Map<string, string>();

  constructor(
    private readonly config: StatusPageConfig,
    private readonly http: IncidentHttpOptions,
  ) {}

  private url(path: string) {
    return `${this.config.apiUrl}/v1/pages/${this.config.pageId}${path}`;
  }

  private request(method: string, path: string, body?: unknown) {
    return requestJson(
      'Statuspage',
      this.url(path),
      {
        method,
        headers: { Authorization: `OAuth ${this.config.apiKey}` },
        body,
      },
      this.http,
    );
  }

  /** The run's unresolved incident, if there is one. */
  async find(runId: string): Promise<string | undefined> {
    const known = this.known.get(runId);
    if (known) return known;
    const marker = statusPageMarker(runId);
    const incidents = await this.request(
      'GET',
      `/incidents/unresolved?per_page=${UNRESOLVED_PAGE_SIZE}`,
    );
    const found = (
      Array.isArray(incidents) ? (incidents as StatusPageIncident[]) : []
    ).find(i => i.incident_updates?.some(u => u.body?.includes(marker)));
    if (found) this.known.set(runId, found.id);
    return found?.id;
  }

  private components(run: IncidentRun, status: string) {
    const id = this.config.componentIds[run.entityName];
    return id ? { component_ids: [id], components: { [id]: status } } : {};
  }

  async open(run: IncidentRun): Promise<IncidentRecord> {
    const existing = await this.find(run.id);
    if (existing) return { incidentId: existing, created: 'false' };
    const { name, body } = statusPageText(run, 'started');
    const created = (await this.request('POST', '/incidents', {
      incident: {
        name,
        status: 'identified',
        body: `${body}\n\n${statusPageMarker(run.id)}`,
        deliver_notifications: true,
        ...this.components(run, 'partial_outage'),
      },
    })) as StatusPageIncident;
    this.known.set(run.id, created.id);
    return { incidentId: created.id, created: 'true' };
  }

  private async patch(
    run: IncidentRun,
    phase: IncidentPhase,
    status: 'identified' | 'resolved',
  ): Promise<IncidentRecord> {
    const id = await this.find(run.id);
    if (!id) return {};
    const incident = {
      status,
      body: statusPageText(run, phase).body,
      ...(status === 'resolved' ? this.components(run, 'operational') : {}),
    };
    await this.request('PATCH', `/incidents/${encodeURIComponent(id)}`, {
      incident,
    });
    // The run has ended: nothing more comes for it.
    this.known.delete(run.id);
    return { incidentId: id };
  }

  update(run: IncidentRun, phase: 'failed' | 'cancelled') {
    return this.patch(run, phase, 'identified');
  }

  resolve(run: IncidentRun) {
    return this.patch(run, 'succeeded', 'resolved');
  }
}
