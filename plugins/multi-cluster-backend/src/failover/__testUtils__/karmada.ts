import { mockServices } from '@backstage/backend-test-utils';
import { KarmadaConnector } from '../../inventory/connectors/KarmadaConnector';
import { KubernetesClient } from '../../kubernetes/KubernetesClient';
import { KARMADA, KARMADA_TOKEN } from '../../__testUtils__/karmadaFixtures';

/** The `global` Karmada control plane of the msw fixtures, as the steps reach it. */
export function testKarmadaConnector(
  options: { timeoutMs?: number; conflictRetries?: number } = {},
): KarmadaConnector {
  return new KarmadaConnector({
    controlPlane: { name: 'global', url: KARMADA, token: KARMADA_TOKEN },
    client: KubernetesClient.fromEndpoint(
      { name: 'karmada:global', url: KARMADA, token: KARMADA_TOKEN },
      options.timeoutMs ?? 1000,
    ),
    logger: mockServices.logger.mock(),
    conflictRetries: options.conflictRetries ?? 3,
  });
}
