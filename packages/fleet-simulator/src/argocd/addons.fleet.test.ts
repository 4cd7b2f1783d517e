/**
 * End to end against a running local fleet with `capi` and members, and no
 * simulator of its own (see ../capi/README.md): Argo CD and Rancher Fleet
 * objects are seeded and reconciled until each member's add-on state reads
 * as the scenario says. Skipped without FLOTILLA_TEST_FLEET_DIR.
 */
import type { SimulatorContext, Stoppable } from '../context';
import { kubeConfigFor, readFleet } from '../fleet';
import { CustomObjects } from '../capi/kube';
import { loadScenario } from '../scenario';
import { seedArgoCd, startArgoCd } from './index';
import { seedRancherFleet, startRancherFleet } from '../rancherFleet';
import { ARGO_TYPES, ARGOCD_NAMESPACE, sourceRef } from './model';
import { FLEET_LABELS, FLEET_TYPES, gitRepoRef } from '../rancherFleet/model';
import { eventually } from '@flotilla/test-kit';

const fleetDir = process.env.FLOTILLA_TEST_FLEET_DIR;
const describeFleet = fleetDir ? describe : describe.skip;

jest.setTimeout(120_000);

describeFleet('Argo CD and Rancher Fleet on the local fleet', () => {
  let ctx: SimulatorContext;
  let capi: CustomObjects;
  const running: Stoppable[] = [];
  const abort = new AbortController();
  let members: string[];

  beforeAll(async () => {
    process.env.FLOTILLA_SIM_SYNC_MS = '500';
    const fleet = readFleet(fleetDir);
    ctx = {
      fleet,
      scenario: loadScenario(),
      log: () => {},
      signal: abort.signal,
    };
    members = fleet.clusters.filter(c => c.kind === 'member').map(c => c.name);
    capi = new CustomObjects(
      kubeConfigFor(fleet.clusters.find(c => c.kind === 'capi')!),
    );
    await seedArgoCd(ctx);
    await seedRancherFleet(ctx);
    running.push(await startArgoCd(ctx), await startRancherFleet(ctx));
  });

  afterAll(async () => {
    abort.abort();
    for (const r of running) await r.stop();
  });

  it('gives each targeted member an owned Application with the scenario sync and health', async () => {
    const addon = ctx.scenario.addons.find(
      a => a.delivery === 'argocd-applicationset',
    )!;
    const { name } = sourceRef(addon, ARGOCD_NAMESPACE);
    const appSet = await capi.get<any>(
      ARGO_TYPES.applicationSet,
      ARGOCD_NAMESPACE,
      name,
    );
    const expected: Record<string, string> = {
      'in-sync': 'Synced',
      drifted: 'OutOfSync',
      unknown: 'Unknown',
    };
    // What each member should show: no Application where the add-on is
    // missing, else an owned one with the scenario's sync (and revision).
    const want = members.map(member => {
      const state = addon.clusters[member];
      return !state || state.state === 'missing'
        ? { member, app: 'none' }
        : {
            member,
            owner: { name, uid: appSet.metadata.uid, controller: true },
            sync: expected[state.state],
            revision: state.state === 'unknown' ? undefined : state.revision,
          };
    });
    await eventually(async () => {
      const apps = await capi.list<any>(
        ARGO_TYPES.application,
        ARGOCD_NAMESPACE,
      );
      const seen = members.map(member => {
        const app = apps.find(a => a.spec.destination.name === member);
        if (!app) return { member, app: 'none' };
        const owner = app.metadata.ownerReferences[0];
        return {
          member,
          owner: {
            name: owner.name,
            uid: owner.uid,
            controller: owner.controller,
          },
          sync: app.status?.sync?.status,
          revision: app.status?.sync?.revision,
        };
      });
      expect(seen).toEqual(want);
    });
  });

  it('moves in-sync Applications to a new target revision over time', async () => {
    const addon = ctx.scenario.addons.find(
      a => a.delivery === 'argocd-applicationset',
    )!;
    const { name } = sourceRef(addon, ARGOCD_NAMESPACE);
    const inSync = members.filter(m => addon.clusters[m]?.state === 'in-sync');
    const setRevision = (revision: string) =>
      capi.update<any>(ARGO_TYPES.applicationSet, ARGOCD_NAMESPACE, name, s => {
        s.spec.template.spec.source.targetRevision = revision;
        return s;
      });
    const original = addon.desiredRevision!;
    try {
      await setRevision(`${original}-next`);
      await eventually(async () => {
        const apps = await capi.list<any>(
          ARGO_TYPES.application,
          ARGOCD_NAMESPACE,
        );
        for (const member of inSync) {
          const app = apps.find(a => a.spec.destination.name === member);
          expect(app.status.sync).toMatchObject({
            status: 'Synced',
            revision: `${original}-next`,
          });
          expect(app.status.operationState.phase).toBe('Succeeded');
        }
      });
    } finally {
      await setRevision(original);
    }
  });

  it('gives each targeted member a BundleDeployment whose agent status tells the scenario state', async () => {
    const addon = ctx.scenario.addons.find(
      a => a.delivery === 'fleet-gitrepo',
    )!;
    const { namespace, name } = gitRepoRef(addon);
    const want = members.map(member => {
      const state = addon.clusters[member];
      if (!state || state.state === 'missing') return { member, bd: 'none' };
      if (state.state === 'unknown')
        return { member, inClusterNamespace: true, applied: false };
      return {
        member,
        inClusterNamespace: true,
        applied: true,
        nonModified: !(
          state.state === 'drifted' && state.revision === addon.desiredRevision
        ),
      };
    });
    await eventually(async () => {
      const gitRepo = await capi.get<any>(FLEET_TYPES.gitRepo, namespace, name);
      expect(gitRepo.status?.commit).toBe(addon.desiredRevision);
      const clusters = await capi.list<any>(FLEET_TYPES.cluster, namespace);
      const bds = await capi.list<any>(
        FLEET_TYPES.bundleDeployment,
        undefined,
        `${FLEET_LABELS.repoName}=${name},${FLEET_LABELS.bundleNamespace}=${namespace}`,
      );
      const seen = members.map(member => {
        const cluster = clusters.find(
          c => c.metadata.labels[FLEET_LABELS.rancherDisplayName] === member,
        );
        const bd = bds.find(
          b =>
            b.metadata.labels[FLEET_LABELS.cluster] === cluster.metadata.name,
        );
        if (!bd) return { member, bd: 'none' };
        const applied = bd.status?.appliedDeploymentID === bd.spec.deploymentID;
        return {
          member,
          inClusterNamespace:
            bd.metadata.namespace === cluster.status.namespace,
          applied,
          ...(applied ? { nonModified: bd.status.nonModified } : {}),
        };
      });
      expect(seen).toEqual(want);
    });
  });
});
