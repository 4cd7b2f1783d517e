/**
 * Test harness of the actions: runs an action in a mock workspace and
 * collects what it wrote, and re-exports the validator over the upstream
 * CRDs committed in `@flotilla/upstream-crds`.
 */
import { createMockDirectory } from '@backstage/backend-test-utils';
import { TemplateAction } from '@backstage/plugin-scaffolder-node';
import { createMockActionContext } from '@backstage/plugin-scaffolder-node-test-utils';
import fs from 'fs';
import path from 'path';
import { parse } from 'yaml';

export { crdProblems, getCrdValidator } from '@flotilla/upstream-crds';

/** Every file under `dir`, as workspace-relative POSIX path -> text. */
export function readTree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (current: string) => {
    if (!fs.existsSync(current)) return;
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else
        out[path.relative(dir, full).split(path.sep).join('/')] =
          fs.readFileSync(full, 'utf8');
    }
  };
  walk(dir);
  return out;
}

/** Runs `action` with `input`; returns outputs, files and the error if any. */
export async function runAction(
  action: TemplateAction<any, any, any>,
  input: Record<string, unknown>,
  options: { isDryRun?: boolean } = {},
) {
  const mockDir = createMockDirectory();
  mockDir.setContent({ workspace: {} });
  const workspacePath = mockDir.resolve('workspace');
  const ctx = createMockActionContext({
    input: input as any,
    workspacePath,
    isDryRun: options.isDryRun,
  });
  let error: Error | undefined;
  try {
    await action.handler(ctx as any);
  } catch (e) {
    error = e as Error;
  }
  const outputs: Record<string, unknown> = Object.fromEntries(
    (ctx.output as jest.Mock).mock.calls.map(([key, value]) => [key, value]),
  );
  const files = readTree(workspacePath);
  // Anything written next to (outside) the workspace would show up here.
  const outside = Object.keys(readTree(mockDir.path)).filter(
    p => !p.startsWith('workspace/'),
  );
  return { outputs, files, outside, error, logger: ctx.logger, workspacePath };
}

/** Parses every YAML file (all documents) of a run. */
export function documentsOf(files: Record<string, string>): any[] {
  return Object.entries(files)
    .filter(([name]) => !name.endsWith('fleet.yaml'))
    .flatMap(([, text]) =>
      text
        .split(/^---\n/m)
        .filter(doc => doc.trim() !== '')
        .map(doc => parse(doc, { version: '1.1' })),
    );
}
