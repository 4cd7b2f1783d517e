export interface Config {
  multiCluster?: {
    /**
     * The `carbon-intensity` module of the multi-cluster backend: a
     * `carbon` objective for placement advice.
     */
    carbonIntensity?: {
      /**
       * Grid carbon intensity per cluster region (the `flotilla.io/region`
       * of the fleet's clusters), in gCO2eq/kWh, e.g. `{ eu-west: 250 }`.
       * A region not listed is unknown: the objective does not score its
       * clusters.
       */
      regions?: { [region: string]: number };
      /** Weight of the `carbon` objective beside the built-in ones. Default: 1 */
      weight?: number;
      /**
       * A ceiling: clusters in regions above it, or with no intensity
       * configured, are excluded from every placement advice. Unset: no
       * ceiling.
       */
      maxGramsPerKwh?: number;
    };
  };
}
