/**
 * The placement preview against decisions of Karmada's real scheduler: every
 * case of the common package's conformance corpus, posted to
 * `POST /placement/simulate` and run by PlacementSimulator.
 */
import path from 'path';
import { mockCredentials } from '@backstage/backend-test-utils';
import type {
  ScheduleRequest,
  ScheduleResult,
  TargetCluster,
} from '@flotilla/plugin-multi-cluster-common';
import request from 'supertest';
import type { FleetInventoryService } from '../inventory/FleetInventory';
import { createPlacementRouter } from '../service/placementRouter';
import type { PlacementReadService } from './PlacementReadService';
import {
  KarmadaControlPlaneVersion,
  PlacementSimulator,
} from './PlacementSimulator';
import { startRouterBackend } from '../__testUtils__/startRouterBackend';

/** What this test needs of the common package's corpus helper. */
interface KarmadaCase {
  id: string;
  karmadaVersion: string;
}
interface Decision {
  scheduled: boolean;
  clusters: TargetCluster[];
  reason: string;
  message?: string;
}
interface CorpusHelper {
  CORPUS_VERSIONS: readonly string[];
  loadCorpus(version: string): KarmadaCase[];
  toScheduleRequest(recorded: KarmadaCase): ScheduleRequest;
  recordedDecision(recorded: KarmadaCase): Decision;
  decisionOfResult(result: ScheduleResult): Decision;
  decisionOfFailure(
    failure: { reason: string; message: string; clearsPlacement?: boolean },
    recorded: KarmadaCase,
  ): Decision;
  sameDecision(left: Decision, right: Decision): boolean;
}

// A test-only module of the common package, outside its public API.
const corpus = jest.requireActual<CorpusHelper>(
  path.join(
    path.dirname(
      require.resolve('@flotilla/plugin-multi-cluster-common/package.json'),
    ),
    'src/scheduling/__conformance__/karmadaCorpus',
  ),
);

const USER = mockCredentials.user.header('user:default/alice');
const noLiveFleet = {
  getClusters: async () => [],
} as unknown as FleetInventoryService;

/** A backend serving the placement routes with the given control planes. */
async function startWith(controlPlanes: KarmadaControlPlaneVersion[] = []) {
  const simulator = new PlacementSimulator(
    noLiveFleet,
    undefined,
    controlPlanes,
  );
  const placement = {
    simulate: (body: Parameters<PlacementSimulator['simulate']>[0]) =>
      simulator.simulate(body),
  } as unknown as PlacementReadService;
  return (
    await startRouterBackend(({ httpAuth }) =>
      createPlacementRouter({ httpAuth, placement }),
    )
  ).server;
}

type Server = Awaited<ReturnType<typeof startWith>>;

/** The preview's decision for a posted case (200 or 422). */
async function previewDecision(
  server: Server,
  recorded: KarmadaCase,
  body: ScheduleRequest,
): Promise<Decision> {
  const res = await request(server)
    .post('/api/multi-cluster/placement/simulate')
    .set('Authorization', USER)
    .send(body);
  if (res.status === 200) return corpus.decisionOfResult(res.body);
  if (res.status !== 422) {
    throw new Error(`${recorded.id}: ${res.status} ${res.text}`);
  }
  const { error } = res.body;
  return corpus.decisionOfFailure(
    { ...error, clearsPlacement: error.code === 'NoClusterFit' },
    recorded,
  );
}

/** Ids of the cases where the preview and Karmada disagree. */
async function differingCases(
  server: Server,
  cases: KarmadaCase[],
  bodyOf: (recorded: KarmadaCase) => ScheduleRequest,
): Promise<string[]> {
  const differing: string[] = [];
  for (const recorded of cases) {
    const decision = await previewDecision(server, recorded, bodyOf(recorded));
    if (!corpus.sameDecision(decision, corpus.recordedDecision(recorded))) {
      differing.push(recorded.id);
    }
  }
  return differing;
}

const withoutVersion = (recorded: KarmadaCase): ScheduleRequest => {
  const { karmadaVersion: _version, ...body } =
    corpus.toScheduleRequest(recorded);
  return body;
};

describe('placement preview conformance', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startWith([
      { name: 'eu', version: 'v1.16.8' },
      { name: 'us', version: 'v1.18.2' },
    ]);
  });

  it.each(corpus.CORPUS_VERSIONS.map(version => [version]))(
    'decides every case as Karmada %s did, with the version in the request',
    async version => {
      const cases = corpus.loadCorpus(version);
      expect(cases).toHaveLength(171);
      expect(
        await differingCases(server, cases, corpus.toScheduleRequest),
      ).toEqual([]);
    },
  );

  it('uses the first control plane’s configured version when the request names none', async () => {
    const cases = corpus.loadCorpus('v1.16.8');
    expect(await differingCases(server, cases, withoutVersion)).toEqual([]);
  });

  it('uses the version of the control plane the request names', async () => {
    const cases = corpus.loadCorpus('v1.18.2');
    expect(
      await differingCases(server, cases, recorded => ({
        ...withoutVersion(recorded),
        controlPlane: 'us',
      })),
    ).toEqual([]);
  });

  it('refuses an unsupported karmadaVersion with 400', async () => {
    const res = await request(server)
      .post('/api/multi-cluster/placement/simulate')
      .set('Authorization', USER)
      .send({ replicas: 1, placement: {}, karmadaVersion: 'v1.19.0' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(
      'karmadaVersion: must be a supported Karmada release: v1.16.3,',
    );
  });
});
