/**
 * The API servers the emitted objects are checked on, and the check itself:
 * a server-side dry-run create, then a real create, a read back compared
 * field by field with what was sent, and a delete.
 */
import crypto from 'node:crypto';
import {
  FleetClusterDescription,
  FleetDescription,
} from '@flotilla/fleet-simulator';
import { AdminApiServer, describeBody, ServedResource } from './apiServer';
import { EmittedObject } from './exampleRuns';
import { missingConversionFor } from './missingConversion';
import { fieldsNotKept, formatPath } from './storedFields';

/** One object checked on one server: what went wrong, if anything. */
export interface ObjectCheck {
  server: string;
  /** The object as sent (namespace, or a cluster-scoped name, rewritten). */
  sent: EmittedObject;
  problems: string[];
  /**
   * Fields the round trip lost only because the fleet runs no conversion
   * webhook (see missingConversion.ts): not the action's defect.
   */
  lostToMissingConversion: string[];
}

const isSuccess = (status: number) => status >= 200 && status < 300;

export class ManifestTargets {
  private constructor(
    /** One server of each kind of the fleet (karmada, capi, member). */
    readonly servers: AdminApiServer[],
    /** The namespace this run creates on every server for namespaced objects. */
    readonly namespace: string,
    /** Appended to the names of cluster-scoped objects, unique to this run. */
    readonly runSuffix: string,
  ) {}

  /**
   * One server per kind: the members are started alike (one Kubernetes
   * version, the same CRDs), so the first one answers for all of them.
   * Creates this run's namespace on each.
   */
  static async prepare(fleet: FleetDescription): Promise<ManifestTargets> {
    const firstOfEachKind = new Map<string, FleetClusterDescription>();
    for (const cluster of fleet.clusters) {
      if (!firstOfEachKind.has(cluster.kind)) {
        firstOfEachKind.set(cluster.kind, cluster);
      }
    }
    const servers = [...firstOfEachKind.values()].map(AdminApiServer.of);
    const runSuffix = crypto.randomBytes(3).toString('hex');
    const targets = new ManifestTargets(
      servers,
      `flotilla-manifests-${runSuffix}`,
      runSuffix,
    );
    try {
      for (const server of servers) {
        const created = await server.request('POST', '/api/v1/namespaces', {
          apiVersion: 'v1',
          kind: 'Namespace',
          metadata: { name: targets.namespace },
        });
        if (created.status !== 201) {
          throw new Error(
            `${server.name}: namespace ${targets.namespace} not created (${
              created.status
            }): ${describeBody(created.body)}`,
          );
        }
      }
    } catch (error) {
      // Leave no namespace behind where it was created; the first error is
      // the one worth reporting.
      await targets.cleanUp().catch(() => undefined);
      throw error;
    }
    return targets;
  }

  /** The servers whose discovery serves the object's kind, with how. */
  async serversServing(
    object: EmittedObject,
  ): Promise<Array<{ server: AdminApiServer; resource: ServedResource }>> {
    const found = [];
    for (const server of this.servers) {
      const resource = await server.resourceFor(object.apiVersion, object.kind);
      if (resource) found.push({ server, resource });
    }
    return found;
  }

  /**
   * Namespaced objects move to this run's namespace; cluster-scoped ones
   * get the run's suffix on their name so runs never clash. Nothing else
   * changes.
   */
  placed(object: EmittedObject, resource: ServedResource): EmittedObject {
    const metadata = resource.namespaced
      ? { ...object.metadata, namespace: this.namespace }
      : {
          ...object.metadata,
          name: `${object.metadata.name}-${this.runSuffix}`,
        };
    return { ...structuredClone(object), metadata: structuredClone(metadata) };
  }

  /**
   * Dry-run create, then create, read back, compare, delete. Objects are
   * created one at a time and deleted before the next, so two examples
   * emitting the same name do not collide.
   */
  async check(
    server: AdminApiServer,
    resource: ServedResource,
    object: EmittedObject,
  ): Promise<ObjectCheck> {
    const sent = this.placed(object, resource);
    const { apiVersion } = sent;
    const { namespace, name } = sent.metadata;
    const collection = AdminApiServer.pathOf(apiVersion, resource, namespace);
    const item = AdminApiServer.pathOf(apiVersion, resource, namespace, name);
    const result: ObjectCheck = {
      server: server.name,
      sent,
      problems: [],
      lostToMissingConversion: [],
    };
    const refused = (
      what: string,
      response: { status: number; body: unknown },
    ) =>
      result.problems.push(
        `${what} refused (${response.status}): ${describeBody(response.body)}`,
      );

    const dryRun = await server.request(
      'POST',
      `${collection}?dryRun=All`,
      sent,
    );
    if (!isSuccess(dryRun.status)) {
      refused('dry-run create', dryRun);
      return result;
    }
    const created = await server.request('POST', collection, sent);
    if (!isSuccess(created.status)) {
      refused('create', created);
      return result;
    }
    try {
      const stored = await server.request('GET', item);
      if (stored.status === 200) {
        const notKept = fieldsNotKept(sent, stored.body);
        const lostToMissingConversion = notKept.length
          ? await missingConversionFor(server, resource, apiVersion)
          : undefined;
        for (const field of notKept) {
          const line = `${formatPath(field.path)}: ${field.difference}`;
          if (lostToMissingConversion?.(field.path)) {
            result.lostToMissingConversion.push(line);
          } else {
            result.problems.push(`round trip: ${line}`);
          }
        }
      } else {
        refused('read back', stored);
      }
    } finally {
      const deleted = await server.request('DELETE', item);
      if (!isSuccess(deleted.status)) refused('delete', deleted);
    }
    return result;
  }

  /**
   * Deletes the run's namespace on every server. These API servers run
   * without kube-controller-manager, so no namespace controller would ever
   * remove the `kubernetes` finalizer. Every object this suite created
   * there was deleted after its check, and an empty namespace is when that
   * controller would remove the finalizer, so the suite does it itself.
   */
  async cleanUp(): Promise<void> {
    const problems: string[] = [];
    for (const server of this.servers) {
      const path = `/api/v1/namespaces/${this.namespace}`;
      const deleted = await server.request('DELETE', path);
      if (deleted.status === 404) continue;
      if (!isSuccess(deleted.status)) {
        problems.push(
          `${server.name}: delete ${path}: ${describeBody(deleted.body)}`,
        );
        continue;
      }
      const finalized = await server.request('PUT', `${path}/finalize`, {
        apiVersion: 'v1',
        kind: 'Namespace',
        metadata: { name: this.namespace },
        spec: { finalizers: [] },
      });
      if (!isSuccess(finalized.status)) {
        problems.push(
          `${server.name}: finalize ${path}: ${describeBody(finalized.body)}`,
        );
      }
    }
    if (problems.length) throw new Error(problems.join('\n'));
  }
}
