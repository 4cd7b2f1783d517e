import type { FailoverRunStep } from '@flotilla/plugin-multi-cluster-common';

// Step outputs are the backend's record of what a step saw and changed;
// they arrive as `unknown`, so every field is read defensively.

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const arrayOf = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : [];
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length ? value.slice(0, 300) : undefined;
const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** The clusters a traffic read-back sends users to. */
function servedBy(state: unknown): string {
  if (!isObject(state)) return 'unknown';
  const endpoints = arrayOf(state.endpoints).filter(isObject);
  const enabled = endpoints.filter(e => e.enabled !== false);
  const primaries = enabled.filter(e => e.role === 'primary');
  const serving = (primaries.length ? primaries : enabled).map(
    e => text(e.cluster) ?? text(e.target) ?? '?',
  );
  return serving.length ? [...new Set(serving)].join(', ') : 'nobody';
}

export function formatSeconds(seconds: number): string {
  if (seconds < 120) return `${Math.round(seconds)} s`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} min`;
  return `${(seconds / 3600).toFixed(1)} h`;
}

function trafficLines(output: Json): string[] {
  if (!isObject(output.before) && !isObject(output.after)) return [];
  const record = text(output.record) ?? 'traffic';
  const provider = text(output.provider);
  return [
    `${record}${provider ? ` (${provider})` : ''}: ${servedBy(
      output.before,
    )} → ${servedBy(output.after)}`,
  ];
}

function stateLines(output: Json): string[] {
  if (output.rpoUnknown === true) return ['no backup: RPO unknown'];
  const rpo = num(output.rpoSeconds);
  return rpo === undefined ? [] : [`RPO achieved: ${formatSeconds(rpo)}`];
}

function readBackLine(output: Json): string[] {
  const traffic = output.traffic;
  if (!isObject(traffic)) return [];
  const record = text(traffic.record) ?? 'traffic';
  return [
    traffic.ok === true
      ? `read-back: ${record} serves the targets`
      : `read-back: ${text(traffic.reason) ?? `${record} not yet serving`}`,
  ];
}

function probeLine(probe: Json): string {
  const verdict =
    probe.ok === true ? 'health probe passed' : 'health probe failed';
  const status = num(probe.status);
  const error = text(probe.error);
  let detail = '';
  if (status !== undefined) detail = ` (HTTP ${status})`;
  else if (error) detail = ` (${error})`;
  return `${text(probe.cluster) ?? '?'}: ${verdict}${detail}`;
}

function probeLines(output: Json): string[] {
  const probes = arrayOf(output.probes).filter(isObject);
  return readBackLine(output).concat(probes.map(probeLine));
}

function findingLines(output: Json): string[] {
  return arrayOf(output.findings)
    .map(finding => (isObject(finding) ? text(finding.message) : text(finding)))
    .filter((line): line is string => line !== undefined);
}

/** What each kind of step records that is worth a line of its own. */
const OWN_LINES: Partial<
  Record<FailoverRunStep['kind'], (output: Json) => string[]>
> = {
  'traffic-shift': trafficLines,
  'state-restore': stateLines,
  verify: probeLines,
};

/** What a finished or running step's record says, in a few short lines. */
export function stepOutcome(step: FailoverRunStep): string[] {
  if (!isObject(step.output)) return [];
  const output = step.output;
  const own = OWN_LINES[step.kind]?.(output) ?? [];
  return [...own, ...findingLines(output)].slice(0, 12);
}
