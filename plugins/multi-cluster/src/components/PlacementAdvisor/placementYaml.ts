import { stringify } from 'yaml';
import type { KarmadaPlacement } from '@flotilla/plugin-multi-cluster-common';

/** The PropagationPolicy `spec.placement` a recommendation would apply. */
export function placementYaml(placement: KarmadaPlacement): string {
  return stringify({ spec: { placement } });
}
