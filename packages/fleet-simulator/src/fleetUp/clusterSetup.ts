import fs from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { request } from './apiClient';
import type { FleetCluster, PlacedCluster } from './clusters';
import { AGGREGATED_API_PORT, pkiDir, ROOT } from './layout';

interface ManifestObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string };
}

/** Creates an object unless it exists (409), failing on anything else. */
async function ensure(
  placed: PlacedCluster,
  urlPath: string,
  body: ManifestObject & Record<string, unknown>,
): Promise<void> {
  const created = await request(placed, 'POST', urlPath, body);
  if (created.status !== 201 && created.status !== 409) {
    throw new Error(
      `${placed.cluster.name}: ${body.kind} ${body.metadata.name} refused (${
        created.status
      }): ${created.text.slice(0, 300)}`,
    );
  }
}

function ensureNamespace(placed: PlacedCluster, name: string): Promise<void> {
  return ensure(placed, '/api/v1/namespaces', {
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: { name },
  });
}

/** The RBAC Flotilla's backend identity gets, by kind of cluster (deploy/rbac). */
const RBAC_FILES: Record<FleetCluster['kind'], string[]> = {
  member: ['member-cluster.yaml'],
  karmada: ['karmada-control-plane.yaml'],
  // Argo CD and Flux run there: the runbook's GitOps pause writes them.
  capi: ['cluster-api-management.yaml', 'gitops-pause.yaml'],
  ocm: ['ocm-hub.yaml'],
};

/** The RBAC objects of deploy/rbac for that kind of cluster. */
function rbacObjects(kind: FleetCluster['kind']): ManifestObject[] {
  return RBAC_FILES[kind].flatMap(file =>
    parseAllDocuments(
      fs.readFileSync(path.join(ROOT, 'deploy/rbac', file), 'utf8'),
    )
      .map(doc => doc.toJSON() as ManifestObject | null)
      .filter((object): object is ManifestObject => Boolean(object)),
  );
}

/** The REST collection of an RBAC or core object. */
function collectionOf(object: ManifestObject): string {
  const plural = `${object.kind.toLowerCase()}s`;
  const prefix =
    object.apiVersion === 'v1' ? '/api/v1' : `/apis/${object.apiVersion}`;
  const namespace = object.metadata.namespace
    ? `/namespaces/${object.metadata.namespace}`
    : '';
  return `${prefix}${namespace}/${plural}`;
}

/** Creates an object, or replaces it when it exists (the file is the truth). */
async function apply(
  placed: PlacedCluster,
  object: ManifestObject,
): Promise<void> {
  const collection = collectionOf(object);
  const created = await request(placed, 'POST', collection, object);
  if (created.status === 201) return;
  const replaced =
    created.status === 409 &&
    (await request(
      placed,
      'PUT',
      `${collection}/${encodeURIComponent(object.metadata.name)}`,
      object,
    ));
  if (!replaced || replaced.status !== 200) {
    throw new Error(
      `${placed.cluster.name}: ${object.kind} ${
        object.metadata.name
      } refused (${(replaced || created).status}): ${(
        replaced || created
      ).text.slice(0, 300)}`,
    );
  }
}

/**
 * The least-privileged roles of deploy/rbac, bound to the backend's identity
 * (group flotilla:backstage), as a platform team applies them. Fleets made
 * before the roles existed bound that group to cluster-admin: removed.
 */
async function applyRbac(placed: PlacedCluster): Promise<void> {
  const legacy = await request(
    placed,
    'DELETE',
    '/apis/rbac.authorization.k8s.io/v1/clusterrolebindings/flotilla-backstage',
  );
  if (legacy.status !== 200 && legacy.status !== 404) {
    throw new Error(`${placed.cluster.name}: could not remove the old binding`);
  }
  for (const object of rbacObjects(placed.cluster.kind)) {
    if (object.metadata.namespace) {
      await ensureNamespace(placed, object.metadata.namespace);
    }
    await apply(placed, object);
  }
}

/**
 * The APIService that routes cluster.karmada.io to the aggregated API server
 * (an ExternalName Service to localhost: no kube-proxy needed).
 */
async function registerAggregatedApi(placed: PlacedCluster): Promise<void> {
  await ensureNamespace(placed, 'karmada-system');
  await ensure(placed, '/api/v1/namespaces/karmada-system/services', {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: {
      name: 'karmada-aggregated-apiserver',
      namespace: 'karmada-system',
    },
    spec: {
      type: 'ExternalName',
      externalName: 'localhost',
      ports: [{ port: AGGREGATED_API_PORT, protocol: 'TCP' }],
    },
  });
  await ensure(placed, '/apis/apiregistration.k8s.io/v1/apiservices', {
    apiVersion: 'apiregistration.k8s.io/v1',
    kind: 'APIService',
    metadata: { name: 'v1alpha1.cluster.karmada.io' },
    spec: {
      group: 'cluster.karmada.io',
      version: 'v1alpha1',
      groupPriorityMinimum: 2000,
      versionPriority: 10,
      service: {
        namespace: 'karmada-system',
        name: 'karmada-aggregated-apiserver',
        port: AGGREGATED_API_PORT,
      },
      caBundle: fs
        .readFileSync(path.join(pkiDir(placed.cluster), 'ca.crt'))
        .toString('base64'),
    },
  });
}

/**
 * Objects every cluster starts with: the backend's RBAC, and on Karmada the
 * APIService of its aggregated API server.
 */
export async function setUpCluster(placed: PlacedCluster): Promise<void> {
  await applyRbac(placed);
  if (placed.cluster.kind === 'karmada') await registerAggregatedApi(placed);
}
