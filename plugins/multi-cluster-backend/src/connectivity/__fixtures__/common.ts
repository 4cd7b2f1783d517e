import { KubernetesClient } from '@flotilla/plugin-multi-cluster-node';

/** The API server every connectivity test talks to, and its token. */
export const API = 'https://eu-1.fleet.example.com:6443';
export const TOKEN = 'eu-1-reader-token';

/** A Kubernetes list body as the API server returns it. */
export function listOf<T>(apiVersion: string, kind: string, items: T[]) {
  return {
    apiVersion,
    kind: `${kind}List`,
    metadata: { resourceVersion: '48213' },
    items,
  };
}

/** A CRD as `PartialObjectMetadata` (what the client asks for). */
export function crdMetadata(name: string) {
  return {
    kind: 'PartialObjectMetadata',
    apiVersion: 'meta.k8s.io/v1',
    metadata: {
      name,
      uid: `c1f0b9a2-${name.length}`,
      resourceVersion: '1021',
      creationTimestamp: '2025-03-02T09:14:11Z',
    },
  };
}

/** A client for the fake member cluster, as the inventory builds one. */
export function memberClient(timeoutMs = 2000): KubernetesClient {
  return KubernetesClient.fromEndpoint(
    { name: 'eu-1', url: API, token: TOKEN },
    timeoutMs,
  );
}

/** A signal that never aborts, for calling a detector directly. */
export const NO_ABORT = new AbortController().signal;
