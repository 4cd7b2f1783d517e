import { mockServices } from '@backstage/backend-test-utils';
import {
  KarmadaConnector,
  KubernetesClient,
} from '@flotilla/plugin-multi-cluster-node';
import {
  KARMADA,
  KARMADA_TOKEN,
} from '@flotilla/plugin-multi-cluster-node/testUtils';

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
