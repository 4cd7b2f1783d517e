import useAsyncRetry from 'react-use/esm/useAsyncRetry';
import { useApi } from '@backstage/core-plugin-api';
import { multiClusterApiRef } from '../../api';

/** The service's DR posture and its RTO/RPO history, each retryable. */
export function useDisasterRecovery(entity: {
  kind: string;
  namespace: string;
  name: string;
}) {
  const api = useApi(multiClusterApiRef);
  const key = `${entity.kind}:${entity.namespace}/${entity.name}`;
  const drState = useAsyncRetry(() => api.getEntityDr(entity), [api, key]);
  const historyState = useAsyncRetry(
    () => api.getEntityRecoveryHistory(entity),
    [api, key],
  );
  return { drState, historyState };
}
