import { http, HttpResponse } from 'msw';
import type { SetupServer } from 'msw/node';
import {
  KARMADA,
  k8sStatus,
} from '@flotilla/plugin-multi-cluster-node/testUtils';

export const OVERRIDE_POLICIES = `${KARMADA}/apis/policy.karmada.io/v1alpha1/namespaces/shop/overridepolicies`;

/** The replicas each cluster's rule of a policy sets. */
export function rulesOf(policy: any): Record<string, number> {
  return Object.fromEntries(
    (policy?.spec?.overrideRules ?? []).map((r: any) => [
      r.targetCluster.clusterNames[0],
      r.overriders.plaintext[0].value,
    ]),
  );
}

/** One OverridePolicy rule setting a cluster's replicas. */
export function replicaRule(cluster: string, value: number) {
  return {
    targetCluster: { clusterNames: [cluster] },
    overriders: {
      plaintext: [{ path: '/spec/replicas', operator: 'replace', value }],
    },
  };
}

/**
 * Karmada's OverridePolicy endpoint (namespace `shop`) with state, as the
 * API server answers: create (409 when it exists), get (404 when
 * missing), list, merge patch and delete with resourceVersion
 * preconditions. Every write is logged; `onRules` is told the rules a
 * write left (Karmada's execution then resizes the members). Faults are
 * layered on top by a test's own handlers.
 */
export function karmadaPolicies(
  server: SetupServer,
  onRules: (rules: Record<string, number>) => void = () => {},
) {
  const state = {
    policies: new Map<string, any>(),
    rv: 10,
    writes: [] as string[],
  };
  const get = (name: string) => state.policies.get(name);
  const notFound = () =>
    HttpResponse.json(k8sStatus(404, 'NotFound', 'not found'), { status: 404 });
  const conflict = () =>
    HttpResponse.json(k8sStatus(409, 'Conflict', 'modified'), { status: 409 });
  const store = (policy: any, write: string) => {
    state.policies.set(policy.metadata.name, policy);
    state.writes.push(`${write} ${JSON.stringify(rulesOf(policy))}`);
    onRules(rulesOf(policy));
  };
  server.use(
    http.get(`${OVERRIDE_POLICIES}/:name`, ({ params }) => {
      const policy = get(String(params.name));
      return policy ? HttpResponse.json(policy) : notFound();
    }),
    http.get(OVERRIDE_POLICIES, () =>
      HttpResponse.json({ items: [...state.policies.values()] }),
    ),
    http.post(OVERRIDE_POLICIES, async ({ request }) => {
      const body: any = await request.json();
      if (get(body.metadata.name)) return conflict();
      const created = {
        ...body,
        metadata: { ...body.metadata, resourceVersion: String(++state.rv) },
      };
      store(created, 'create');
      return HttpResponse.json(created, { status: 201 });
    }),
    http.patch(`${OVERRIDE_POLICIES}/:name`, async ({ params, request }) => {
      const current = get(String(params.name));
      if (!current) return notFound();
      const patch: any = await request.json();
      if (patch.metadata.resourceVersion !== current.metadata.resourceVersion) {
        return conflict();
      }
      const next = {
        ...current,
        metadata: {
          ...current.metadata,
          annotations: {
            ...current.metadata.annotations,
            ...patch.metadata.annotations,
          },
          resourceVersion: String(++state.rv),
        },
        spec: { ...current.spec, ...patch.spec },
      };
      store(next, 'patch');
      return HttpResponse.json(next);
    }),
    http.delete(`${OVERRIDE_POLICIES}/:name`, async ({ params, request }) => {
      const current = get(String(params.name));
      if (!current) return notFound();
      const body: any = await request.json().catch(() => ({}));
      const expected = body?.preconditions?.resourceVersion;
      if (expected && expected !== current.metadata.resourceVersion) {
        return conflict();
      }
      state.policies.delete(current.metadata.name);
      state.writes.push('delete');
      onRules({});
      return HttpResponse.json(k8sStatus(200, 'Success', 'deleted'));
    }),
  );
  return state;
}
