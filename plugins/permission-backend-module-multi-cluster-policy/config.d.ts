export interface Config {
  permission?: {
    /** Flotilla's permission policy (`multi-cluster-policy` module). */
    multiCluster?: {
      /**
       * Entity refs (groups or users, with their kind) whose members may
       * scale, upgrade and delete clusters and run region failovers. The
       * namespace defaults to `default`; an empty list leaves these actions
       * to nobody.
       * Default: [group:default/platform-team]
       */
      platformOwners?: string[];
    };
  };
}
