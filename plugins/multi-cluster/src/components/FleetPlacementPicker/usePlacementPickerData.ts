import { useEffect, useState } from 'react';
import useAsync from 'react-use/esm/useAsync';
import { useApi } from '@backstage/core-plugin-api';
import type { RecommendPlacementRequest } from '@flotilla/plugin-multi-cluster-common';
import { multiClusterApiRef } from '../../api';

/** Typing in a sibling field changes the requirements on every key. */
const ADVICE_DEBOUNCE_MS = 400;

/** `value`, once it has stopped changing for `ms`. */
function useSettled<T>(value: T, key: string, ms: number): T {
  const [settled, setSettled] = useState({ key, value });
  useEffect(() => {
    if (key === settled.key) return undefined;
    const timer = setTimeout(() => setSettled({ key, value }), ms);
    return () => clearTimeout(timer);
  }, [key, value, settled.key, ms]);
  return settled.value;
}

/**
 * The fleet's placement options (once) and the advice for the form's
 * current requirements (again when they settle after a change). `updating`
 * holds from a change until its advice has come: the advice shown until
 * then is for the requirements before it.
 */
export function usePlacementPickerData(
  asked: { requirements: RecommendPlacementRequest } | { problem: string },
) {
  const api = useApi(multiClusterApiRef);
  const options = useAsync(() => api.getPlacementOptions(), [api]);
  const requirements = 'requirements' in asked ? asked.requirements : undefined;
  const key = JSON.stringify(requirements ?? null);
  const settled = useSettled(requirements, key, ADVICE_DEBOUNCE_MS);
  const settledKey = JSON.stringify(settled ?? null);
  const advice = useAsync(
    async () => (settled ? api.recommendPlacement(settled) : undefined),
    [api, settledKey],
  );
  const updating = key !== settledKey || advice.loading;
  return { options, advice, updating, requirements: settled };
}
