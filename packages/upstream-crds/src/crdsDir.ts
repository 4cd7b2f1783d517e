import fs from 'fs';
import path from 'path';

/** The folder of CRDs committed with this package (found the way Node finds the package). */
export const BUNDLED_CRDS_DIR = path.join(
  path.dirname(require.resolve('@flotilla/upstream-crds/package.json')),
  'crds',
);

/**
 * The CRD folder to use: `FLOTILLA_CRDS_DIR` when set (for trying newer
 * upstream CRDs), otherwise the copies committed in this package.
 */
export function upstreamCrdsDir(env: NodeJS.ProcessEnv = process.env): string {
  const override = env.FLOTILLA_CRDS_DIR;
  return override ? path.resolve(override) : BUNDLED_CRDS_DIR;
}

/** Every `.yaml`/`.yml` file below `dir`, sorted, as absolute paths. */
export function listCrdFiles(dir: string = upstreamCrdsDir()): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listCrdFiles(full));
    else if (/\.ya?ml$/.test(entry.name)) out.push(full);
  }
  return out.sort();
}
