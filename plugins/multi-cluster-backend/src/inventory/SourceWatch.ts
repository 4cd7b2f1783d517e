import { LoggerService } from '@backstage/backend-plugin-api';
import {
  errorMessage,
  RefreshSummary,
  sanitizeForLog,
} from '@flotilla/plugin-multi-cluster-node';

/** A fleet source that tells cheaply whether it would list other clusters now. */
export interface WatchedSource {
  readonly id: string;
  /** Whether what it lists changed since its last listing; false before the first. */
  changedSinceListed(): Promise<boolean>;
}

/**
 * Refreshes the inventory as soon as a watched source changes, instead of at
 * the next scheduled refresh. The catalog ingests the clusters' Resources,
 * whose labels segment the fleet, after the backend starts, and edits to
 * them land at any time; until the inventory reads them again, placement
 * advice excludes those clusters for labels they do have.
 */
export class SourceWatch {
  constructor(
    private readonly options: {
      sources: WatchedSource[];
      inventory: {
        readonly refreshing: boolean;
        refresh(options?: { signal?: AbortSignal }): Promise<RefreshSummary>;
      };
      logger: LoggerService;
    },
  ) {}

  get watching(): boolean {
    return this.options.sources.length > 0;
  }

  /**
   * Refreshes when a source changed. A refresh already running reads the
   * sources itself; the next check sees whether it missed a change.
   */
  async check(signal?: AbortSignal): Promise<string[]> {
    const { inventory, logger } = this.options;
    if (inventory.refreshing) return [];
    const changed: string[] = [];
    for (const source of this.options.sources) {
      try {
        if (await source.changedSinceListed()) changed.push(source.id);
      } catch (e) {
        logger.warn(
          `Could not check source ${source.id} for changes: ${sanitizeForLog(
            errorMessage(e),
            500,
          )}`,
        );
      }
    }
    if (changed.length > 0) {
      logger.info(`Fleet source changed (${changed.join(', ')}); refreshing`);
      await inventory.refresh({ signal });
    }
    return changed;
  }
}
