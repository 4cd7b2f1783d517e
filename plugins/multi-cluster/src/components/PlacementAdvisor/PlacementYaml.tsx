import { useMemo } from 'react';
import { CodeSnippet } from '@backstage/core-components';
import type { KarmadaPlacement } from '@flotilla/plugin-multi-cluster-common';
import { placementYaml } from './placementYaml';

/** The placement a recommendation would produce, copyable. */
export function PlacementYaml(props: {
  rank: number;
  placement: KarmadaPlacement;
}) {
  const text = useMemo(() => placementYaml(props.placement), [props.placement]);
  return (
    <div data-testid={`placement-yaml-${props.rank}`}>
      <CodeSnippet language="yaml" text={text} showCopyCodeButton />
    </div>
  );
}
