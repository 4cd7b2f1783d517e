import type { ScenarioDnsEndpoint } from '../scenario';
import type { SeedObject } from './kube';
import { namespaceObject } from './mcs';
import { SEEDED_BY } from './stable';

export const DNS_ENDPOINTS = {
  group: 'externaldns.k8s.io',
  version: 'v1alpha1',
  plural: 'dnsendpoints',
};

/**
 * The DNSEndpoints external-dns would read on the cluster where it runs:
 * as an operator writes them (kubernetes-sigs/external-dns
 * docs/sources/crd.md), weighted ones with `setIdentifier` and the
 * `aws/weight` provider-specific property its AWS provider reads
 * (provider/aws/aws.go). Nothing plays external-dns itself: Flotilla
 * writes these objects and the tests read them back from the API server.
 */
export function dnsEndpointObjects(
  endpoints: ScenarioDnsEndpoint[],
): SeedObject[] {
  const refs = endpoints.map(d => {
    const [namespace, name] = d.name.split('/');
    return { namespace, name, endpoints: d.endpoints };
  });
  return [
    ...[...new Set(refs.map(r => r.namespace))].map(namespaceObject),
    ...refs.map(r => ({
      apiVersion: `${DNS_ENDPOINTS.group}/${DNS_ENDPOINTS.version}`,
      kind: 'DNSEndpoint',
      metadata: {
        name: r.name,
        namespace: r.namespace,
        labels: { ...SEEDED_BY },
      },
      spec: {
        endpoints: r.endpoints.map(({ weight, ...e }) => ({
          ...e,
          ...(weight === undefined
            ? {}
            : {
                providerSpecific: [
                  { name: 'aws/weight', value: String(weight) },
                ],
              }),
        })),
      },
    })),
  ];
}
