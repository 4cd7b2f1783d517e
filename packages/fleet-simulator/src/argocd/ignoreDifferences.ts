/**
 * An ApplicationSet's `spec.ignoreApplicationDifferences`, as Argo CD's
 * ApplicationSet controller applies it (argoproj/argo-cd
 * applicationset/utils/createOrUpdate.go, `applyIgnoreDifferences`): the
 * fields a rule points at are left out of the comparison and of the
 * update, so the live Application keeps them (an operator's paused sync
 * stays paused). A rule without `name` applies to every Application of the
 * set. JSON pointers and plain jq paths (`.spec.syncPolicy`) are followed;
 * other jq expressions are not evaluated here. Pure.
 */
import type { GeneratedApplication, Application } from './argoObjects';

export interface IgnoreApplicationDifferencesRule {
  name?: string;
  jsonPointers?: string[];
  jqPathExpressions?: string[];
}

type Path = string[];

function pointerPath(pointer: string): Path | undefined {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) return undefined;
  return pointer
    .slice(1)
    .split('/')
    .map(t => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function jqPath(expression: string): Path | undefined {
  const match = /^\s*((?:\.[A-Za-z_][\w-]*)+)\s*$/.exec(expression);
  return match ? match[1].slice(1).split('.') : undefined;
}

/** The paths the set's rules ignore for one Application. */
export function ignoredPaths(
  rules: IgnoreApplicationDifferencesRule[] | undefined,
  application: string,
): Path[] {
  return (rules ?? [])
    .filter(rule => !rule.name || rule.name === application)
    .flatMap(rule => [
      ...(rule.jsonPointers ?? []).map(pointerPath),
      ...(rule.jqPathExpressions ?? []).map(jqPath),
    ])
    .filter((p): p is Path => Boolean(p));
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function get(value: unknown, path: Path): unknown {
  return path.reduce<unknown>(
    (v, key) => (isObject(v) ? v[key] : undefined),
    value,
  );
}

/** A copy of `value` with `path` set to `to` (removed when undefined). */
function set(value: unknown, path: Path, to: unknown): unknown {
  if (!path.length) return to;
  const [head, ...rest] = path;
  const copy: Json = isObject(value) ? { ...value } : {};
  const next = set(copy[head], rest, to);
  if (next === undefined) delete copy[head];
  else copy[head] = next;
  return copy;
}

/**
 * The generated Application with every ignored field taken from the live
 * one (or left out where the live one has none): what the controller
 * compares with the live Application and writes.
 */
export function keepIgnoredFields(
  generated: GeneratedApplication,
  live: Application,
  rules: IgnoreApplicationDifferencesRule[] | undefined,
): GeneratedApplication {
  let out: unknown = generated;
  for (const path of ignoredPaths(rules, generated.metadata.name)) {
    // The controller never lets a rule change the name, namespace or kind.
    if (path[0] !== 'spec' && path[0] !== 'metadata') continue;
    if (path[0] === 'metadata' && ['name', 'namespace'].includes(path[1])) {
      continue;
    }
    out = set(out, path, get(live, path));
  }
  return out as GeneratedApplication;
}
