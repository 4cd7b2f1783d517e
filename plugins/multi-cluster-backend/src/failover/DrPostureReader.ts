import { BackstageCredentials } from '@backstage/backend-plugin-api';
import {
  assessDrPosture,
  DR_STRATEGIES,
  readServiceDrSpec,
  toClusterProfile,
} from '@flotilla/plugin-multi-cluster-common';
import { drillOutcome } from './drillOutcome';
import { ServicePlacement } from './ServicePlacement';
import { FailoverServiceOptions } from './serviceTypes';

/** Drills shown with a service's DR posture. */
const RECENT_DRILLS = 5;

/**
 * A service's DR posture (`GET /entities/:kind/:namespace/:name/dr`): its
 * declared DR spec, where it runs, the findings of the assessment, its
 * active run and its recent drills with their outcomes.
 */
export class DrPostureReader {
  constructor(
    private readonly options: Pick<
      FailoverServiceOptions,
      'store' | 'dependencies'
    >,
    private readonly services: ServicePlacement,
  ) {}

  /** `ref` is normalized and the caller authorized to read it. */
  async read(ref: string, credentials: BackstageCredentials) {
    const entity = await this.services.loadEntity(ref, credentials);
    const { spec, problems } = readServiceDrSpec(
      ref,
      entity.metadata.annotations,
    );
    const [{ placement, clusters, assignment }, drills, active, dependencies] =
      await Promise.all([
        this.services.current(entity, credentials, { shareReads: true }),
        this.options.store.listRuns({
          entityRef: ref,
          kind: 'drill',
          limit: RECENT_DRILLS,
        }),
        this.options.store.getActive(ref),
        this.options.dependencies?.dependenciesOf(entity, credentials, {
          recent: true,
        }) ?? [],
      ]);
    const targetRto = spec?.rtoSeconds;
    return {
      entityRef: ref,
      declared: spec ?? null,
      strategy: spec ? DR_STRATEGIES[spec.strategy] : null,
      problems,
      placement: assignment,
      placementErrors: placement.errors,
      findings: spec
        ? assessDrPosture(
            spec,
            assignment,
            clusters.map(c => toClusterProfile(c)),
            { dependencies },
          )
        : [],
      activeRunId: active ?? null,
      drills: drills.map(d => {
        const outcome = drillOutcome(d, targetRto);
        return {
          runId: d.id,
          status: d.status,
          dryRun: d.dry,
          from: d.from,
          to: d.to,
          createdAt: d.createdAt,
          finishedAt: d.finishedAt,
          movedReplicas: outcome.movedReplicas,
          achievedRtoSeconds: outcome.achievedRtoSeconds,
          targetRtoSeconds: targetRto ?? null,
          metTarget: outcome.metTarget,
          metTargetReason: outcome.metTargetReason,
          steps: d.steps.map(s => ({
            kind: s.kind,
            status: s.status,
            durationMs: s.durationMs ?? null,
          })),
        };
      }),
    };
  }
}
