import {
  DNS_LABEL,
  fail,
  Json,
  list,
  object,
  oneOf,
  only,
  string,
} from './primitives';

/** A Backup a Schedule made before the fleet came up, by its age then. */
export interface ScenarioBackup {
  /** How long before seeding it completed (or failed): `90s`, `7m`, `2h`. */
  ageSeconds: number;
  phase: 'Completed' | 'PartiallyFailed' | 'Failed';
}

/** A Velero Schedule on one member and the Backups it has made. */
export interface ScenarioVeleroSchedule {
  name: string;
  cluster: string;
  /** Cron expression of `spec.schedule`. */
  schedule: string;
  includedNamespaces: string[];
  backups: ScenarioBackup[];
}

const PHASES: ScenarioBackup['phase'][] = [
  'Completed',
  'PartiallyFailed',
  'Failed',
];
const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

function age(value: Json, where: string): number {
  const text = string(value, where, /^[1-9][0-9]{0,4}[smhd]$/);
  return Number(text.slice(0, -1)) * UNIT_SECONDS[text.slice(-1)];
}

function readBackup(value: Json, where: string): ScenarioBackup {
  const b = object(value, where);
  only(b, ['age', 'phase'], where);
  return {
    ageSeconds: age(b.age, `${where}.age`),
    phase: oneOf(b.phase, PHASES, `${where}.phase`),
  };
}

/** `velero.schedules` of the scenario; every cluster must be a scenario cluster. */
export function readVeleroSchedules(
  value: Json,
  clusters: Set<string>,
): ScenarioVeleroSchedule[] {
  if (value === undefined) return [];
  const velero = object(value, 'velero');
  only(velero, ['schedules'], 'velero');
  const schedules = list(velero.schedules ?? [], 'velero.schedules', (v, w) => {
    const s = object(v, w);
    const name = string(s.name, `${w}.name`, DNS_LABEL);
    const where = `velero.schedules '${name}'`;
    only(
      s,
      ['name', 'cluster', 'schedule', 'includedNamespaces', 'backups'],
      where,
    );
    const cluster = string(s.cluster, `${where}.cluster`, DNS_LABEL);
    if (!clusters.has(cluster))
      fail(`${where}.cluster`, `'${cluster}' is not a scenario cluster`);
    return {
      name,
      cluster,
      schedule: string(s.schedule, `${where}.schedule`),
      includedNamespaces: list(
        s.includedNamespaces,
        `${where}.includedNamespaces`,
        (n, nw) => string(n, nw, DNS_LABEL),
      ),
      backups: list(s.backups ?? [], `${where}.backups`, readBackup),
    };
  });
  const seen = new Set<string>();
  for (const s of schedules) {
    const key = `${s.cluster}/${s.name}`;
    if (seen.has(key)) fail('velero.schedules', `'${key}' appears twice`);
    seen.add(key);
  }
  return schedules;
}
