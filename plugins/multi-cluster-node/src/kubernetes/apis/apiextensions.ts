import { isNotFound } from '../client/errors';
import {
  PARTIAL_METADATA_ACCEPT,
  type KubernetesRequestOptions,
} from '../client/request';
import type { KubernetesTransport } from '../client/transport';

/** Whether a CRD (e.g. `gateways.submariner.io`) is installed; 404 => false. */
export async function customResourceDefinitionExists(
  transport: KubernetesTransport,
  name: string,
  opts?: KubernetesRequestOptions,
): Promise<boolean> {
  try {
    await transport.request(
      `get customresourcedefinition ${name}`,
      (apis, options) =>
        apis.apiextensions.readCustomResourceDefinition({ name }, options),
      { ...opts, headers: { Accept: PARTIAL_METADATA_ACCEPT } },
    );
    return true;
  } catch (error) {
    if (isNotFound(error)) return false;
    throw error;
  }
}
