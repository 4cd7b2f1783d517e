/**
 * What makes a Kubernetes upgrade of a cluster valid: a version like v1.31.2,
 * no downgrade, one minor version at a time.
 */
import { ConflictError, InputError } from '@backstage/errors';

const VERSION_RE = /^v?\d+\.\d+\.\d+([-+][0-9A-Za-z.-]+)?$/;

function compareVersions(a: string, b: string): number {
  const pa = a.replace(/^v/, '').split(/[.+-]/).slice(0, 3).map(Number);
  const pb = b.replace(/^v/, '').split(/[.+-]/).slice(0, 3).map(Number);
  for (let i = 0; i < 3; i++) {
    if ((pa[i] ?? 0) !== (pb[i] ?? 0)) {
      return (pa[i] ?? 0) - (pb[i] ?? 0);
    }
  }
  return 0;
}

/** Validates a Kubernetes upgrade target (format, no downgrade). */
export function validateUpgrade(current: string | undefined, target: string) {
  if (!VERSION_RE.test(target)) {
    throw new InputError(
      `version: '${target}' is not a Kubernetes version like v1.31.2`,
    );
  }
  if (current && compareVersions(target, current) < 0) {
    throw new InputError(
      `version: downgrade from ${current} to ${target} is not supported`,
    );
  }
  if (current) {
    const [cmaj, cmin] = current.replace(/^v/, '').split('.').map(Number);
    const [tmaj, tmin] = target.replace(/^v/, '').split('.').map(Number);
    if (tmaj !== cmaj || tmin - cmin > 1) {
      throw new InputError(
        `version: ${current} -> ${target} skips a minor version; upgrade one minor version at a time`,
      );
    }
  }
}

/**
 * Validates an upgrade again against the version the object holds when it is
 * patched. The request was validated against the inventory's version, which
 * may be behind the object (a concurrent upgrade, or an inventory refreshed
 * before the last change): applied to a newer version, it could roll the
 * cluster back or skip a minor. Refused as a conflict when the object moved,
 * as invalid when the inventory knew no version.
 */
export function revalidateUpgrade(
  object: string,
  validated: string | undefined,
  current: string | undefined,
  target: string,
) {
  if (!current || current === validated) {
    return;
  }
  if (!validated) {
    validateUpgrade(current, target);
    return;
  }
  try {
    validateUpgrade(current, target);
  } catch (error) {
    throw new ConflictError(
      `${object} is at ${current} now, not ${validated} as when the upgrade was requested: ${
        (error as Error).message
      }`,
    );
  }
}
