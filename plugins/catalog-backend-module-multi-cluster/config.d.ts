import { HumanDuration } from '@backstage/types';

export interface Config {
  multiCluster?: {
    /**
     * The catalog module ingesting the clusters of `multiCluster.karmada` and
     * `multiCluster.clusterApi` as `Resource` entities.
     */
    entityProvider?: {
      /** Default: true */
      enabled?: boolean;
      /** Default: 5 minutes */
      frequency?: HumanDuration | string;
      /** Owner of the generated entities. Default: group:default/platform */
      owner?: string;
    };
  };
}
