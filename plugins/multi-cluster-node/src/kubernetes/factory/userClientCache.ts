import type { KubernetesClient } from '../client/KubernetesClient';

/** Clients built for signed-in users' credentials, at most this many kept. */
const USER_CLIENTS_MAX = 256;

/**
 * Clients for signed-in users' credentials, kept briefly: the least
 * recently used goes once there are {@link USER_CLIENTS_MAX}.
 */
export class UserClientCache {
  private readonly clients = new Map<string, KubernetesClient>();

  get(key: string, create: () => KubernetesClient): KubernetesClient {
    let client = this.clients.get(key);
    if (client) {
      this.clients.delete(key); // most recently used goes last
    } else {
      client = create();
      if (this.clients.size >= USER_CLIENTS_MAX) {
        this.clients.delete(this.clients.keys().next().value!);
      }
    }
    this.clients.set(key, client);
    return client;
  }
}
