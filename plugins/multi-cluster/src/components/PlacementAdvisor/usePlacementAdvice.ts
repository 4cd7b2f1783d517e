import { useState } from 'react';
import useAsync from 'react-use/esm/useAsync';
import { useApi } from '@backstage/core-plugin-api';
import type { RecommendPlacementRequest } from '@flotilla/plugin-multi-cluster-common';
import { multiClusterApiRef, type EntityName } from '../../api';

/**
 * The service's placement advice, loaded on its own so the rest of the tab
 * never waits for it: for the annotated requirements first, then for the
 * requirements `advise` is given (undefined goes back to the annotations).
 */
export function usePlacementAdvice(entity: EntityName) {
  const api = useApi(multiClusterApiRef);
  const [edited, setEdited] = useState<RecommendPlacementRequest>();
  const { kind, namespace, name } = entity;
  const state = useAsync(
    () => api.getEntityPlacementAdvice({ kind, namespace, name }, edited),
    [api, kind, namespace, name, edited],
  );
  return { state, edited, advise: setEdited };
}
