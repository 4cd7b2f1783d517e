/**
 * Runs an action's examples the way a template runs its steps: every step
 * of the example, in order, through the registered action's real handler,
 * in one workspace, with `${{ steps['id'].output.key }}` resolved from the
 * earlier steps' outputs. Collects every Kubernetes object each step emits:
 * in the files it wrote (every YAML document) and in its outputs (YAML text
 * or objects).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createMockActionContext } from '@backstage/plugin-scaffolder-node-test-utils';
import { parse, parseAllDocuments } from 'yaml';
import { ScaffolderAction } from './scaffolderModule';

/** A Kubernetes object as an action emitted it. */
export interface EmittedObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; [key: string]: unknown };
  [key: string]: unknown;
}

export interface EmittedManifest {
  object: EmittedObject;
  /** Where it was found: `file <path>` and/or `output <key>`. */
  sources: string[];
}

export interface StepRun {
  stepId: string;
  actionId: string;
  manifests: EmittedManifest[];
  /** Workspace files the step wrote or changed. */
  files: string[];
  /** The step's outputs by key. */
  outputs: Record<string, unknown>;
  /** What is wrong with what the step emitted (not with its objects). */
  problems: string[];
}

export interface ExampleRun {
  /** The action whose `examples` hold this example. */
  actionId: string;
  index: number;
  description: string;
  steps: StepRun[];
  /** Why the example could not be run to its end. */
  error?: string;
}

interface ExampleStep {
  id: string;
  action: string;
  input?: Record<string, unknown>;
}

/**
 * Written files that may hold something else than Kubernetes objects:
 * Rancher Fleet reads fleet.yaml from the bundle folder in Git, and no API
 * server ever sees it. Any other document without apiVersion and kind is a
 * problem (a manifest the suite could not check).
 */
function isNonKubernetesFile(file: string): boolean {
  return path.posix.basename(file) === 'fleet.yaml';
}

function isEmittedObject(value: unknown): value is EmittedObject {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return false;
  }
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.apiVersion === 'string' &&
    typeof candidate.kind === 'string'
  );
}

/**
 * Every YAML document of `text`. YAML 1.1, as kubectl and the API machinery
 * (sigs.k8s.io/yaml) read manifests: `on`, `yes` or `0755` mean there what
 * they mean to the server. Undefined when the text is not YAML.
 */
function yamlDocuments(text: string): unknown[] | undefined {
  const documents = parseAllDocuments(text, { version: '1.1' });
  if (documents.some(d => d.errors.length > 0)) return undefined;
  return documents
    .map(d => d.toJS({ maxAliasCount: -1 }))
    .filter(d => d !== null && d !== undefined);
}

/** Every workspace file as POSIX relative path -> text. */
function readTree(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else
        files.set(
          path.relative(root, full).split(path.sep).join('/'),
          fs.readFileSync(full, 'utf8'),
        );
    }
  };
  walk(root);
  return files;
}

const STEP_OUTPUT_REFERENCE =
  /^\$\{\{\s*steps(?:\[\s*'([^']+)'\s*\]|\.([\w-]+))\.output\.(\w+)\s*\}\}$/;

/**
 * `input` with every `${{ steps[...].output.x }}` string replaced by that
 * output (a whole-string expression keeps the output's type, as the
 * scaffolder does). Any other expression fails: the suite would otherwise
 * send the action a template string instead of a value.
 */
function resolveStepOutputs(
  value: unknown,
  outputsByStep: Map<string, Record<string, unknown>>,
): unknown {
  if (typeof value === 'string') {
    if (!value.includes('${{')) return value;
    const match = STEP_OUTPUT_REFERENCE.exec(value);
    if (!match) {
      throw new Error(
        `unsupported template expression ${value} (only \${{ steps['id'].output.key }} is resolved here)`,
      );
    }
    const [, quotedStep, bareStep, key] = match;
    const stepId = quotedStep ?? bareStep;
    const outputs = outputsByStep.get(stepId);
    if (!outputs || !(key in outputs)) {
      throw new Error(`${value}: step ${stepId} has no output ${key}`);
    }
    return outputs[key];
  }
  if (Array.isArray(value)) {
    return value.map(item => resolveStepOutputs(item, outputsByStep));
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, child]) => [
        key,
        resolveStepOutputs(child, outputsByStep),
      ]),
    );
  }
  return value;
}

/**
 * Kubernetes objects anywhere in an output value (not inside one another).
 * Strings are read as YAML text, except strings inside such text.
 */
function objectsInOutput(value: unknown, isYamlText = false): EmittedObject[] {
  if (typeof value === 'string') {
    return isYamlText
      ? []
      : (yamlDocuments(value) ?? []).flatMap(d => objectsInOutput(d, true));
  }
  if (isEmittedObject(value)) return [value];
  if (Array.isArray(value)) {
    return value.flatMap(item => objectsInOutput(item, isYamlText));
  }
  if (value !== null && typeof value === 'object') {
    return Object.values(value).flatMap(child =>
      objectsInOutput(child, isYamlText),
    );
  }
  return [];
}

const identityOf = (object: EmittedObject) =>
  `${object.apiVersion} ${object.kind} ${object.metadata?.namespace ?? ''}/${
    object.metadata?.name
  }`;

/** What one step emitted: its new or changed files and its outputs. */
function collectStep(
  before: Map<string, string>,
  after: Map<string, string>,
  outputs: Record<string, unknown>,
): Pick<StepRun, 'manifests' | 'files' | 'problems'> {
  const problems: string[] = [];
  const byIdentity = new Map<string, EmittedManifest>();
  const add = (object: EmittedObject, source: string) => {
    if (typeof object.metadata?.name !== 'string') {
      problems.push(`${source}: a ${object.kind} without metadata.name`);
      return;
    }
    const identity = identityOf(object);
    const known = byIdentity.get(identity);
    if (!known) {
      byIdentity.set(identity, { object, sources: [source] });
      return;
    }
    // The `manifest` output repeats the files; both must say the same.
    if (JSON.stringify(known.object) !== JSON.stringify(object)) {
      problems.push(
        `${identity} differs between ${known.sources.join(', ')} and ${source}`,
      );
    }
    known.sources.push(source);
  };

  const files = [...after.keys()].filter(f => before.get(f) !== after.get(f));
  for (const file of files) {
    const documents = yamlDocuments(after.get(file)!);
    if (!documents) {
      problems.push(`file ${file} is not valid YAML`);
      continue;
    }
    documents.forEach((document, index) => {
      if (isEmittedObject(document)) add(document, `file ${file}`);
      else if (!isNonKubernetesFile(file)) {
        problems.push(
          `document ${
            index + 1
          } of file ${file} is not a Kubernetes object (no apiVersion and kind)`,
        );
      }
    });
  }
  for (const [key, value] of Object.entries(outputs)) {
    for (const object of objectsInOutput(value)) add(object, `output ${key}`);
  }
  return { manifests: [...byIdentity.values()], files, problems };
}

/** Runs example `index` of action `ownerId` with the module's registered actions. */
export async function runExample(
  ownerId: string,
  index: number,
  example: { description: string; example: string },
  actionsById: Map<string, ScaffolderAction>,
): Promise<ExampleRun> {
  const run: ExampleRun = {
    actionId: ownerId,
    index,
    description: example.description,
    steps: [],
  };
  const workspacePath = fs.mkdtempSync(
    path.join(os.tmpdir(), 'flotilla-manifests-workspace-'),
  );
  const outputsByStep = new Map<string, Record<string, unknown>>();
  let currentStep = '(parsing the example)';
  try {
    const { steps } = parse(example.example) as { steps: ExampleStep[] };
    for (const step of steps) {
      currentStep = `step ${step.id} (${step.action})`;
      const action = actionsById.get(step.action);
      if (!action) {
        throw new Error('the module registers no such action');
      }
      const input = resolveStepOutputs(step.input ?? {}, outputsByStep);
      const before = readTree(workspacePath);
      const ctx = createMockActionContext({
        input: input as Parameters<ScaffolderAction['handler']>[0]['input'],
        workspacePath,
      });
      await action.handler(ctx);
      const outputs: Record<string, unknown> = Object.fromEntries(
        jest.mocked(ctx.output).mock.calls.map(([key, value]) => [key, value]),
      );
      outputsByStep.set(step.id, outputs);
      run.steps.push({
        stepId: step.id,
        actionId: step.action,
        outputs,
        ...collectStep(before, readTree(workspacePath), outputs),
      });
    }
  } catch (error) {
    run.error = `${currentStep}: ${(error as Error).message}`;
  } finally {
    fs.rmSync(workspacePath, { recursive: true, force: true });
  }
  return run;
}
