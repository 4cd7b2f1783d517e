import fs from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { request } from './apiClient';
import type { PlacedCluster } from './clusters';
import { CRDS, READY_DEADLINE_MS } from './layout';

interface Crd {
  kind: string;
  metadata: { name: string };
}

interface CrdStatus {
  status?: { conditions?: { type: string; status: string }[] };
}

const CRD_COLLECTION =
  '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';

/** The CustomResourceDefinitions of the cluster's CRD folders. */
function readCrds(folders: string[]): Crd[] {
  const crds: Crd[] = [];
  for (const folder of folders) {
    for (const name of fs.readdirSync(path.join(CRDS, folder)).sort()) {
      if (!/\.ya?ml$/.test(name)) continue;
      const text = fs.readFileSync(path.join(CRDS, folder, name), 'utf8');
      for (const doc of parseAllDocuments(text)) {
        const crd = doc.toJS({ maxAliasCount: -1 }) as Crd | null;
        if (crd?.kind === 'CustomResourceDefinition') crds.push(crd);
      }
    }
  }
  return crds;
}

async function createCrd(placed: PlacedCluster, crd: Crd): Promise<void> {
  const created = await request(placed, 'POST', CRD_COLLECTION, crd);
  if (created.status !== 201 && created.status !== 409) {
    throw new Error(
      `${placed.cluster.name}: CRD ${crd.metadata.name} refused (${
        created.status
      }): ${created.text.slice(0, 300)}`,
    );
  }
}

async function waitEstablished(placed: PlacedCluster, crd: Crd): Promise<void> {
  const deadline = Date.now() + READY_DEADLINE_MS;
  for (;;) {
    const answer = await request(
      placed,
      'GET',
      `${CRD_COLLECTION}/${crd.metadata.name}`,
    );
    const conditions =
      (JSON.parse(answer.text) as CrdStatus).status?.conditions ?? [];
    if (conditions.some(c => c.type === 'Established' && c.status === 'True'))
      return;
    if (Date.now() > deadline) {
      throw new Error(
        `${placed.cluster.name}: CRD ${crd.metadata.name} never established`,
      );
    }
    await new Promise(resolve => setTimeout(resolve, 200));
  }
}

/** Creates each CRD of the cluster's folders and waits until it is established. */
export async function installCrds(placed: PlacedCluster): Promise<number> {
  const crds = readCrds(placed.cluster.crds);
  for (const crd of crds) await createCrd(placed, crd);
  for (const crd of crds) await waitEstablished(placed, crd);
  return crds.length;
}
