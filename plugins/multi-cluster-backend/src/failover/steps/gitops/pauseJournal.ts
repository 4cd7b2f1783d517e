import { isDeepStrictEqual } from 'node:util';
import { HISTORY_BOUNDS, sanitizeJson } from '../../../util/sanitizeJson';
import { StepContext, StepError } from '../types';
import {
  describeObject,
  Finding,
  GitopsSetting,
  PausedObject,
  PauseOutput,
  readPauseOutput,
  sameObject,
} from './records';

type ObjectKey = Pick<PausedObject, 'kind' | 'cluster' | 'namespace' | 'name'>;

const matches = (key: ObjectKey) => (o: PausedObject) =>
  sameObject(o, {
    ...key,
    role: 'service',
    before: o.before,
    restore: o.before,
  });

/**
 * The objects a rollback's original run paused and did not restore (left
 * paused by its DR declaration, or the run ended before its resume): their
 * recorded values are what the rollback restores.
 */
export async function leftPausedByOriginal(
  ctx: StepContext,
): Promise<PausedObject[]> {
  const { rollbackOf } = ctx.run;
  if (!rollbackOf || !ctx.deps.runs) return [];
  const steps = (await ctx.deps.runs.getRun(rollbackOf))?.steps ?? [];
  const paused = readPauseOutput(
    steps.find(s => s.kind === 'gitops-pause')?.output,
  ).filter(o => o.paused);
  const resume = steps.find(s => s.kind === 'gitops-resume');
  const restored = readPauseOutput({
    objects: (resume?.output as { restored?: unknown } | undefined)?.restored,
  });
  return paused.filter(o => !restored.some(r => sameObject(r, o)));
}

/**
 * What the pause step recorded so far, persisted (ctx.progress) before
 * each write: a retry reuses the "before" of an object it already
 * recorded, and resume restores from it.
 */
export class PauseJournal {
  readonly objects: PausedObject[];
  readonly findings: Finding[] = [];

  constructor(
    private readonly ctx: StepContext,
    private readonly original: PausedObject[],
  ) {
    this.objects = readPauseOutput(ctx.step.output);
  }

  find(key: ObjectKey): PausedObject | undefined {
    return this.objects.find(matches(key));
  }

  /**
   * Records an object before its write. In a rollback, an object the
   * original run left paused, and still paused now, is restored to what
   * that run recorded; otherwise to what is read now.
   */
  async record(
    key: ObjectKey & Pick<PausedObject, 'role'>,
    before: GitopsSetting,
    pausedNow: boolean,
  ): Promise<PausedObject> {
    const found = this.find(key);
    if (found) return found;
    // Outputs are stored bounded and escaped: a value that would not come
    // back exactly cannot be restored exactly, so nothing is paused.
    if (!isDeepStrictEqual(sanitizeJson(before, HISTORY_BOUNDS), before)) {
      throw new StepError(
        `cannot record the settings of ${key.kind} ${key.namespace}/${key.name} exactly (too large or unusual text); nothing was paused`,
        { retryable: false },
      );
    }
    const original = this.original.find(matches(key));
    const object: PausedObject = {
      ...key,
      before,
      restore: original && pausedNow ? original.restore : before,
    };
    this.objects.push(object);
    await this.save();
    return object;
  }

  async paused(object: PausedObject, resourceVersion?: string) {
    object.paused = true;
    if (resourceVersion) object.resourceVersion = resourceVersion;
    await this.save();
  }

  finding(severity: Finding['severity'], message: string) {
    this.findings.push({ severity, message });
  }

  output(): PauseOutput {
    return { objects: this.objects, findings: this.findings };
  }

  /** One line saying what is paused now and what resume will do. */
  summary(): string {
    const paused = this.objects.filter(o => o.paused).map(describeObject);
    return `Paused ${paused.join(
      ', ',
    )} before the failover; gitops-resume restores the recorded settings or leaves them paused, as the DR declaration says (flotilla.io/gitops-after-failover)`;
  }

  private save() {
    return this.ctx.progress({ ...this.output() });
  }
}
