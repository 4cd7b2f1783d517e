/**
 * Every Kubernetes manifest the Flotilla Scaffolder actions emit, from every
 * example of every action the module registers, is accepted by the fleet's
 * real API servers (kube-apiserver with the upstream CRDs installed) and
 * comes back as it was sent.
 *
 * For each emitted object and each server whose discovery serves its kind:
 * a server-side dry-run create must be accepted; then the object is created,
 * read back, and every field that was sent must be stored with the same
 * value (the server may add defaults; a field pruned by the CRD schema or
 * changed by the server fails, named by its path); then it is deleted.
 *
 * One allowance, narrow and rule-based (manifests/missingConversion.ts): the
 * fleet runs no conversion webhooks, so an object sent in a version its CRD
 * stores as another (Cluster API v1beta1, stored as v1beta2) loses the
 * fields that only the sent version has. Those are not failures; any other
 * lost field is.
 */
import { PLACEMENT_RECOMMEND_ACTION_ID } from '@flotilla/plugin-scaffolder-backend-module-multi-cluster';
import { requireFleet } from './harness/fleet';
import { ExampleRun, runExample } from './manifests/exampleRuns';
import { ManifestTargets } from './manifests/manifestTargets';
import { PlacementBackend } from './manifests/placementBackend';
import {
  EXPORTED_ACTION_IDS,
  LoadedScaffolderModule,
  loadScaffolderModule,
} from './manifests/scaffolderModule';

const fleet = requireFleet();

/** Actions that emit no Kubernetes object, each with why. */
const EMITS_NO_MANIFEST: Record<string, string> = {
  [PLACEMENT_RECOMMEND_ACTION_ID]:
    'it outputs a recommended placement (data for the next step); the multicluster:karmada:policy step of its example turns it into the PropagationPolicy that is checked',
};

describe('manifests of the Flotilla Scaffolder actions on real API servers', () => {
  let placementBackend: PlacementBackend;
  let scaffolderModule: LoadedScaffolderModule;
  let targets: ManifestTargets;
  const runsByAction = new Map<string, ExampleRun[]>();

  beforeAll(async () => {
    placementBackend = await PlacementBackend.start();
    scaffolderModule = await loadScaffolderModule({
      multiClusterBaseUrl: placementBackend.multiClusterBaseUrl,
    });
    const actionsById = new Map(scaffolderModule.actions.map(a => [a.id, a]));
    for (const action of scaffolderModule.actions) {
      const runs: ExampleRun[] = [];
      for (const [index, example] of (action.examples ?? []).entries()) {
        runs.push(await runExample(action.id, index, example, actionsById));
      }
      runsByAction.set(action.id, runs);
    }
    targets = await ManifestTargets.prepare(fleet);
  }, 120_000);

  afterAll(async () => {
    await targets?.cleanUp();
    await scaffolderModule?.stop();
    await placementBackend?.stop();
  }, 60_000);

  it('registers exactly the actions the package exports', () => {
    expect(EXPORTED_ACTION_IDS.length).toBeGreaterThan(0);
    expect(scaffolderModule.actions.map(a => a.id).sort()).toEqual(
      EXPORTED_ACTION_IDS,
    );
  });

  it('names only exported actions as emitting no manifest', () => {
    expect(
      Object.keys(EMITS_NO_MANIFEST).filter(
        id => !EXPORTED_ACTION_IDS.includes(id),
      ),
    ).toEqual([]);
  });

  describe.each(EXPORTED_ACTION_IDS)('%s', actionId => {
    const runs = () => runsByAction.get(actionId) ?? [];
    const ownSteps = (run: ExampleRun) =>
      run.steps.filter(step => step.actionId === actionId);

    it('has examples, and each runs to its end through the real handlers', () => {
      expect(runs().length).toBeGreaterThan(0);
      expect(
        runs().flatMap(run =>
          run.error ? [`example ${run.index}: ${run.error}`] : [],
        ),
      ).toEqual([]);
      expect(
        runs()
          .filter(run => ownSteps(run).length === 0)
          .map(run => `example ${run.index} has no step of ${actionId}`),
      ).toEqual([]);
    });

    it('emits only documents the suite can check', () => {
      expect(
        runs().flatMap(run =>
          run.steps.flatMap(step =>
            step.problems.map(
              problem =>
                `example ${run.index}, step ${step.stepId}: ${problem}`,
            ),
          ),
        ),
      ).toEqual([]);
    });

    if (EMITS_NO_MANIFEST[actionId]) {
      it(`emits no manifest: ${EMITS_NO_MANIFEST[actionId]}`, () => {
        const emitted = runs().flatMap(run =>
          ownSteps(run).flatMap(step => [
            ...step.files.map(file => `file ${file}`),
            ...step.manifests.map(
              m => `${m.object.kind}/${m.object.metadata.name}`,
            ),
          ]),
        );
        expect(emitted).toEqual([]);
      });
    } else {
      it('emits Kubernetes manifests in every example', () => {
        expect(
          runs()
            .filter(
              run => ownSteps(run).flatMap(step => step.manifests).length === 0,
            )
            .map(run => `example ${run.index} (${run.description})`),
        ).toEqual([]);
      });
    }

    it('every manifest of its examples passes a dry run and round-trips on each API server serving it', async () => {
      const failures: string[] = [];
      for (const run of runs()) {
        for (const step of run.steps) {
          for (const { object, sources } of step.manifests) {
            const label = `example ${run.index}, step ${step.stepId}: ${
              object.apiVersion
            } ${object.kind} ${object.metadata.name} (${sources.join(', ')})`;
            const serving = await targets.serversServing(object);
            if (serving.length === 0) {
              failures.push(`${label}: no API server of the fleet serves it`);
            }
            for (const { server, resource } of serving) {
              const check = await targets.check(server, resource, object);
              failures.push(
                ...check.problems.map(p => `${label} on ${check.server}: ${p}`),
              );
            }
          }
        }
      }
      expect(failures).toEqual([]);
    }, 300_000);
  });
});
