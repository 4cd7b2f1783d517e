/**
 * OCM's registration as the simulator plays it, for every ManagedCluster of
 * a managed member: what the klusterlet on the member would report (version,
 * Nodes' capacity and allocatable, claims, Joined and Available), and the
 * hub's lease controller (Available=Unknown once the member has not been
 * heard from for the grace period). The member is asked through its public
 * URL (its fault proxy), so a partition or an outage silences it.
 */
import { CoreV1Api, VersionApi } from '@kubernetes/client-node';
import type { SimulatorContext, Stoppable } from '../context';
import { kubeConfigFor, type FleetClusterDescription } from '../fleet';
import { sameJson } from '../karmada/sameJson';
import { HubObjects, statusCode, type KubeObject } from './kube';
import { envMs, startOcmLoop } from './loop';
import { TYPES, managedMembers, providerNames } from './model';
import {
  nextManagedClusterStatus,
  type MemberObservation,
} from './registrationStatus';
import { ocmFields } from './objectTypes';

interface MemberClients {
  member: FleetClusterDescription;
  core: CoreV1Api;
  version: VersionApi;
  /** When the member last answered (its lease was last renewed). */
  lastSeen: number;
}

export interface RegistrationOptions {
  hub: HubObjects;
  intervalMs?: number;
  /** How long a silent member stays Available (OCM: a multiple of leaseDurationSeconds). */
  leaseGraceMs?: number;
}

/** Asks the member what the klusterlet would report; undefined if it does not answer. */
async function observe(
  clients: MemberClients,
): Promise<MemberObservation | undefined> {
  try {
    const [version, nodes] = await Promise.all([
      clients.version.getCode(),
      clients.core.listNode(),
    ]);
    return {
      kind: 'answered',
      clusterName: clients.member.name,
      kubernetesVersion: version.gitVersion,
      nodes: nodes.items,
      fallback: {
        platform: providerNames(clients.member.provider).platform,
        region: clients.member.region ?? 'unknown',
      },
    };
  } catch {
    return undefined;
  }
}

export function startRegistrationController(
  ctx: SimulatorContext,
  options: RegistrationOptions,
): Stoppable {
  const intervalMs =
    options.intervalMs ?? envMs('FLOTILLA_SIM_OCM_INTERVAL_MS', 3000);
  const graceMs =
    options.leaseGraceMs ?? envMs('FLOTILLA_SIM_OCM_LEASE_GRACE_MS', 15000);
  const started = Date.now();
  const members = new Map<string, MemberClients>(
    managedMembers(ctx.fleet).map(member => {
      const kc = kubeConfigFor(member, 'public');
      return [
        member.name,
        {
          member,
          core: kc.makeApiClient(CoreV1Api),
          version: kc.makeApiClient(VersionApi),
          lastSeen: started,
        },
      ];
    }),
  );
  const lastState = new Map<string, string>();

  const reconcile = async (cluster: KubeObject) => {
    const clients = members.get(cluster.metadata.name);
    if (!clients || ocmFields(cluster).spec?.hubAcceptsClient !== true) return;
    let observation = await observe(clients);
    const now = Date.now();
    if (observation) clients.lastSeen = now;
    else if (now - clients.lastSeen >= graceMs) {
      observation = {
        kind: 'lease-expired',
        graceSeconds: Math.round(graceMs / 1000),
      };
    } else return; // Within the grace period: nothing changes yet.
    const status = nextManagedClusterStatus(
      ocmFields(cluster).status,
      observation,
      new Date(now).toISOString().replace(/\.\d+Z$/, 'Z'),
    );
    if (sameJson(ocmFields(cluster).status, status)) return;
    try {
      await options.hub.replaceStatus(TYPES.managedCluster, {
        ...cluster,
        status,
      });
    } catch (error) {
      // Someone wrote in between: the next pass works from what they wrote.
      if (statusCode(error) === 409) return;
      throw error;
    }
    const state = observation.kind === 'answered' ? 'Available' : 'Unknown';
    if (lastState.get(cluster.metadata.name) !== state) {
      lastState.set(cluster.metadata.name, state);
      ctx.log(`ocm registration: ${cluster.metadata.name} ${state}`);
    }
  };

  return startOcmLoop(ctx, 'registration', intervalMs, async () => {
    const clusters = await options.hub.list<KubeObject>(TYPES.managedCluster);
    await Promise.all(clusters.map(reconcile));
  });
}
