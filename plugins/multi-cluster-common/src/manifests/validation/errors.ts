/**
 * The single error type of the generators: every problem with an input is
 * reported at once, each with the path of the offending field.
 */
import { z } from 'zod';

/**
 * One problem with a generator input.
 *
 * @public
 */
export interface ManifestInputIssue {
  /** Dotted path of the field, e.g. `workers[1].replicas`; empty for the root. */
  path: string;
  message: string;
}

/**
 * Thrown by the generators when their input is invalid. Nothing is produced.
 *
 * @public
 */
export class ManifestInputError extends Error {
  readonly issues: ManifestInputIssue[];

  constructor(what: string, issues: ManifestInputIssue[]) {
    super(
      `Invalid ${what}: ${issues
        .map(issue =>
          issue.path ? `${issue.path}: ${issue.message}` : issue.message,
        )
        .join('; ')}`,
    );
    this.name = 'ManifestInputError';
    this.issues = issues;
  }
}

/**
 * Formats a zod path as `a.b[0].c`.
 *
 * @public
 */
export function formatIssuePath(path: ReadonlyArray<string | number>): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') {
      out += `[${segment}]`;
    } else if (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(segment)) {
      out += out ? `.${segment}` : segment;
    } else {
      out += `[${JSON.stringify(segment)}]`;
    }
  }
  return out;
}

/**
 * Converts zod issues to {@link ManifestInputIssue}s (union issues flattened).
 *
 * @public
 */
export function zodIssuesToManifestIssues(
  issues: z.ZodIssue[],
  prefix: ReadonlyArray<string | number> = [],
): ManifestInputIssue[] {
  const out: ManifestInputIssue[] = [];
  for (const issue of issues) {
    if (
      issue.code === z.ZodIssueCode.invalid_union &&
      issue.unionErrors.length
    ) {
      // Report the branch that got furthest (the most specific error).
      const best = [...issue.unionErrors].sort(
        (a, b) =>
          Math.max(0, ...b.issues.map(i => i.path.length)) -
          Math.max(0, ...a.issues.map(i => i.path.length)),
      )[0];
      out.push(...zodIssuesToManifestIssues(best.issues, prefix));
      continue;
    }
    out.push({
      path: formatIssuePath([...prefix, ...issue.path]),
      message: issue.message,
    });
  }
  // Deduplicate identical messages (e.g. from several union branches).
  const seen = new Set<string>();
  return out.filter(issue => {
    const key = `${issue.path}\u0000${issue.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Parses `input` with `schema`; throws a {@link ManifestInputError} listing
 * every problem when it does not match.
 *
 * @public
 */
export function parseManifestInput<T>(
  schema: z.ZodType<T, z.ZodTypeDef, unknown>,
  input: unknown,
  what: string,
): T {
  const result = schema.safeParse(input);
  if (!result.success) {
    throw new ManifestInputError(
      what,
      zodIssuesToManifestIssues(result.error.issues),
    );
  }
  return result.data;
}
