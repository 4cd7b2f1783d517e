import type { KubernetesClient } from '../client/KubernetesClient';

/**
 * The service identity's clients, one per key for the factory's lifetime:
 * a client keeps its connections and reloads its own credentials, so it is
 * built once.
 */
export class ClientCache {
  private readonly clients = new Map<string, KubernetesClient>();

  get(key: string, create: () => KubernetesClient): KubernetesClient {
    let client = this.clients.get(key);
    if (!client) {
      client = create();
      this.clients.set(key, client);
    }
    return client;
  }
}
