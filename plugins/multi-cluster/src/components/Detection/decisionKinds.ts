import type { DetectionDecisionKind } from '@flotilla/plugin-multi-cluster-common';

/** What each decision means, for people. */
export const DECISION_KIND_LABEL: Record<DetectionDecisionKind, string> = {
  'would-fail-over': 'Would fail over',
  'failed-over': 'Failed over',
  'held-back': 'Held back',
  'karmada-handles': 'Karmada handles it',
  'propose-failback': 'Failback proposed',
  'failed-back': 'Failed back',
};
