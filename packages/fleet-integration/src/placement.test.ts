/**
 * Placement against real API servers: an entity's placement is what the
 * members' Deployments say, and the placement preview and the simulated
 * Karmada scheduler are fed the same inputs from the API servers (Clusters,
 * their labels, taints and resource summaries, the template's uid and
 * requests): both run common's `schedule`, so this proves the plumbing, not
 * the scheduler. That `schedule` decides as Karmada does is proven by the
 * conformance corpus of Karmada's recorded decisions
 * (plugins/multi-cluster-common/src/scheduling/__conformance__).
 */
import crypto from 'node:crypto';
import type {
  EntityPlacement,
  ScheduleResult,
} from '@flotilla/plugin-multi-cluster-common';
import { deploymentsIn, placedDeployments } from './harness/deployments';
import { eventually } from '@flotilla/test-kit';
import { adminClients, clusterNamed } from './harness/fleet';
import { useBackend } from './harness/suite';

jest.setTimeout(300_000);

const { fleet, backend } = useBackend({ name: 'placement', port: 7132 });

describe('placement against the API servers', () => {
  it.each(['checkout', 'payments-ledger', 'search-api'])(
    "reads %s's placement from the members' Deployments",
    async name => {
      await eventually(async () => {
        const expected = await deploymentsIn(fleet, name);
        expect(expected.length).toBeGreaterThan(0);
        const placement = await backend().ok<EntityPlacement>(
          'GET',
          `/api/multi-cluster/entities/component/default/${name}/placement`,
        );
        expect(placement.errors).toEqual([]);
        const actual = placedDeployments(placement);
        expect(actual).toEqual(expected);
        expect(placement.actual.totalReplicas).toBe(
          expected.reduce((sum, d) => sum + d.replicas, 0),
        );
      }, 180_000);
    },
  );

  describe.each([
    {
      title: 'dynamic weights by available replicas',
      replicas: 7,
      placement: {
        clusterAffinity: {
          labelSelector: {
            matchLabels: { 'flotilla.io/environment': 'prod' },
          },
        },
        replicaScheduling: {
          replicaSchedulingType: 'Divided',
          replicaDivisionPreference: 'Weighted',
          weightPreference: { dynamicWeight: 'AvailableReplicas' },
        },
      },
    },
    {
      title: 'static weights across regions, with a spread constraint',
      replicas: 5,
      placement: {
        clusterAffinity: {
          clusterNames: [
            'prod-eu-west-aws-1',
            'prod-eu-west-gcp-1',
            'prod-us-east-aws-1',
          ],
        },
        spreadConstraints: [
          { spreadByField: 'cluster', maxGroups: 2, minGroups: 1 },
        ],
        replicaScheduling: {
          replicaSchedulingType: 'Divided',
          replicaDivisionPreference: 'Weighted',
          weightPreference: {
            staticWeightList: [
              {
                targetCluster: { clusterNames: ['prod-eu-west-aws-1'] },
                weight: 2,
              },
              {
                targetCluster: { clusterNames: ['prod-eu-west-gcp-1'] },
                weight: 1,
              },
              {
                targetCluster: { clusterNames: ['prod-us-east-aws-1'] },
                weight: 1,
              },
            ],
          },
        },
      },
    },
    {
      title: 'duplicated onto a region',
      replicas: 2,
      placement: {
        clusterAffinity: {
          labelSelector: {
            matchLabels: { 'flotilla.io/region': 'eu-west' },
          },
        },
        replicaScheduling: { replicaSchedulingType: 'Duplicated' },
      },
    },
  ])('the preview of $title', ({ replicas, placement }) => {
    const karmada = adminClients(clusterNamed(fleet, 'karmada'));
    const name = `it-preview-${crypto.randomBytes(3).toString('hex')}`;
    const namespace = 'default';
    const resourceRequest = { cpu: '100m', memory: '64Mi' };

    afterAll(async () => {
      await karmada.custom
        .deleteNamespacedCustomObject({
          group: 'policy.karmada.io',
          version: 'v1alpha1',
          namespace,
          plural: 'propagationpolicies',
          name,
        })
        .catch(() => undefined);
      await karmada.apps
        .deleteNamespacedDeployment({ namespace, name })
        .catch(() => undefined);
    });

    it('reads the same inputs from the API servers as the simulated scheduler writing the ResourceBinding', async () => {
      // The template first: its uid drives the scheduler's tie-break, so the
      // preview is asked with it, as Karmada's scheduler sees it.
      const deployment = await karmada.apps.createNamespacedDeployment({
        namespace,
        body: {
          metadata: {
            name,
            labels: { app: name, 'backstage.io/kubernetes-id': name },
          },
          spec: {
            replicas,
            selector: { matchLabels: { app: name } },
            template: {
              metadata: { labels: { app: name } },
              spec: {
                containers: [
                  {
                    name: 'app',
                    image: 'registry.k8s.io/pause:3.9',
                    resources: { requests: resourceRequest },
                  },
                ],
              },
            },
          },
        },
      });
      const preview = await eventually(async () => {
        const res = await backend().ok<ScheduleResult>(
          'POST',
          '/api/multi-cluster/placement/simulate',
          {
            replicas,
            placement,
            replicaRequirements: { resourceRequest },
            uid: deployment.metadata!.uid,
            // Karmada places onto its own members only.
            controlPlane: 'karmada',
          },
        );
        expect(res.targets.length).toBeGreaterThan(0);
        return res;
      }, 120_000);

      await karmada.custom.createNamespacedCustomObject({
        group: 'policy.karmada.io',
        version: 'v1alpha1',
        namespace,
        plural: 'propagationpolicies',
        body: {
          apiVersion: 'policy.karmada.io/v1alpha1',
          kind: 'PropagationPolicy',
          metadata: { name, namespace },
          spec: {
            resourceSelectors: [
              { apiVersion: 'apps/v1', kind: 'Deployment', name },
            ],
            placement,
          },
        },
      });
      const binding = await eventually(async () => {
        const rb = (await karmada.custom.getNamespacedCustomObject({
          group: 'work.karmada.io',
          version: 'v1alpha2',
          namespace,
          plural: 'resourcebindings',
          name: `${name}-deployment`,
        })) as { spec: { clusters?: { name: string; replicas: number }[] } };
        expect(rb.spec.clusters?.length).toBeGreaterThan(0);
        return rb;
      }, 120_000);

      const scheduled = [...binding.spec.clusters!]
        .map(c => ({ name: c.name, replicas: c.replicas }))
        .sort((a, b) => a.name.localeCompare(b.name));
      expect(
        preview.targets.map(t => ({ name: t.name, replicas: t.replicas })),
      ).toEqual(scheduled);
    });
  });
});
