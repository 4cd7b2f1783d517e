import { useState } from 'react';
import { useApi } from '@backstage/core-plugin-api';
import type { FailoverPlan } from '@flotilla/plugin-multi-cluster-common';
import { multiClusterApiRef } from '../../api';

/** The "To cluster" choice that leaves the target to Flotilla's placement advice. */
export const AUTO_TARGET = '__auto__';

export type FailoverForm = ReturnType<typeof useFailoverForm>;

/**
 * The failover dialog's choices, its plan and errors, and its two actions:
 * preview (a dry run) and start. Changing a choice drops a previewed plan.
 */
export function useFailoverForm(props: {
  entityRef: string;
  sources: string[];
  defaultSource?: string;
  defaultTarget?: string;
  drill: boolean;
  onStarted(runId: string): void;
}) {
  const api = useApi(multiClusterApiRef);
  const [from, setFrom] = useState(
    props.defaultSource ?? props.sources[0] ?? '',
  );
  const [to, setTo] = useState(props.defaultTarget ?? AUTO_TARGET);
  const [reason, setReason] = useState('');
  const [force, setForce] = useState(false);
  const [plan, setPlan] = useState<FailoverPlan>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const request = () => ({
    entityRef: props.entityRef,
    from,
    ...(to === AUTO_TARGET ? {} : { to }),
    reason: reason.trim(),
    force,
  });

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const preview = () =>
    run(async () => {
      setPlan((await api.previewFailover(request())).plan);
    });
  const start = () =>
    run(async () => {
      const { force: _force, ...drillRequest } = request();
      const { id } = props.drill
        ? await api.startDrill(drillRequest)
        : await api.startFailover(request());
      props.onStarted(id);
    });
  const replanning =
    <T>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPlan(undefined);
    };

  return {
    choices: { from, to, reason, force },
    chooseFrom: replanning(setFrom),
    chooseTo: replanning(setTo),
    chooseForce: replanning(setForce),
    setReason,
    plan,
    error,
    busy,
    preview,
    start,
  };
}
