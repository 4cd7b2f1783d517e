import { formatDuration } from '../../../fleet/duration';
import type { DetectionEvidence } from '../../../api/regionLoss';
import { decisionEvidence } from '../types';
import { isDown } from '../window';
import type { ObservedSignal, ObservedState } from './types';

/** Why a service counts its cluster as down, with the evidence. */
export interface DownCauses {
  cluster: string;
  /** The start of the episode: the earliest failure of any of its windows. */
  since: string;
  reasons: string[];
  evidence: DetectionEvidence[];
}

const SIGNAL_NAMES: Record<ObservedSignal['signal'], string> = {
  argocd: 'its Argo CD Application',
  deployment: 'its Deployment',
};

function failingFor(
  state: ObservedState | ObservedSignal,
  toleranceSeconds: number,
): string {
  return `failing for ${formatDuration(
    state.window.failingMs / 1000,
  )} (toleration ${formatDuration(toleranceSeconds)}): ${state.verdict.reason}`;
}

/**
 * The service's cluster is down for it when the cluster, or one of the
 * service's signals there, has been failing for the whole toleration;
 * undefined otherwise.
 */
export function downCauses(
  cluster: string,
  observed: ObservedState | undefined,
  signals: ObservedSignal[],
  toleranceSeconds: number,
): DownCauses | undefined {
  const reasons: string[] = [];
  const evidence: DetectionEvidence[] = [];
  if (observed && isDown(observed.window, toleranceSeconds)) {
    reasons.push(`${cluster} ${failingFor(observed, toleranceSeconds)}`);
  }
  if (observed) {
    evidence.push(...decisionEvidence(cluster, observed.verdict.evidence));
  }
  for (const s of signals) {
    if (isDown(s.window, toleranceSeconds)) {
      reasons.push(
        `${SIGNAL_NAMES[s.signal]} in ${cluster} ${failingFor(
          s,
          toleranceSeconds,
        )}`,
      );
    }
    if (s.verdict.state === 'failing') evidence.push(...s.verdict.evidence);
  }
  if (!reasons.length) return undefined;
  const since = [observed, ...signals]
    .map(s => s?.window.failingSince)
    .filter((t): t is string => !!t)
    .sort()[0];
  return { cluster, since: since ?? '', reasons, evidence };
}
