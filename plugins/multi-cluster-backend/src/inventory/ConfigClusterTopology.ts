import type { LoggerService } from '@backstage/backend-plugin-api';
import pLimit from 'p-limit';
import {
  ClusterClientFactory,
  sanitizeForLog,
  ClusterRecord,
  errorMessage,
} from '@flotilla/plugin-multi-cluster-node';
import {
  NodeTopology,
  readNodeTopology,
  withNodeTopology,
} from './nodeTopology';

/** Where the clusters of the kubernetes config run, read from their Nodes. */
export class ConfigClusterTopology {
  constructor(
    private readonly options: {
      clients: ClusterClientFactory;
      logger: LoggerService;
      timeoutMs: number;
      concurrency: number;
    },
  ) {}

  /** Last topology read from each config cluster's Nodes (kept when a read fails). */
  private readonly lastRead = new Map<string, NodeTopology>();
  /**
   * Where a cluster from the kubernetes config runs (region, zones,
   * provider), when its entry does not declare it, is what its Nodes say,
   * before the merge so that these detected facts win over what the catalog
   * declares. A cluster that cannot be read keeps its last known topology.
   */
  async withTopology(
    records: ClusterRecord[],
    signal?: AbortSignal,
  ): Promise<ClusterRecord[]> {
    const limit = pLimit(Math.max(1, this.options.concurrency));
    return Promise.all(
      records.map(record =>
        limit(async () => {
          const access = record.access;
          if (
            record.source !== 'config' ||
            !access ||
            !this.options.clients.canReach(access)
          ) {
            return record;
          }
          const client = this.options.clients.forCluster(record.name, access);
          if (client) {
            try {
              this.lastRead.set(
                record.name,
                await readNodeTopology(client, {
                  timeoutMs: this.options.timeoutMs,
                  signal,
                }),
              );
            } catch (error) {
              this.options.logger.debug(
                `Cannot read the Nodes of ${sanitizeForLog(
                  record.name,
                  100,
                )}: ${sanitizeForLog(errorMessage(error), 500)}`,
              );
            }
          }
          const topology = this.lastRead.get(record.name);
          return topology ? withNodeTopology(record, topology) : record;
        }),
      ),
    );
  }
}
