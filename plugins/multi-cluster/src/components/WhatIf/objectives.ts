import {
  formatDuration,
  type WhatIfObjective,
  type WhatIfServiceResult,
} from '@flotilla/plugin-multi-cluster-common';

/** "kept: 45s within 1m", "missed: 20m over 15m", "no target (about 45s)". */
export function objectiveText(objective: WhatIfObjective): string {
  const expected = formatDuration(objective.expectedSeconds);
  if (objective.kept === null || objective.targetSeconds === undefined) {
    return `no target (about ${expected})`;
  }
  const target = formatDuration(objective.targetSeconds);
  return objective.kept
    ? `kept: ${expected} within ${target}`
    : `missed: ${expected} over ${target}`;
}

/** "6 of at least 8: lost". */
export function quorumText(quorum: WhatIfServiceResult['quorum']): string {
  return `${quorum.replicasAfter} of at least ${quorum.minReplicas}: ${
    quorum.kept ? 'kept' : 'lost'
  }`;
}

/** "2 replicas not placed: cpu 2 requested, 0.5 available". */
export function shortfallText(
  shortfall: NonNullable<WhatIfServiceResult['shortfall']>,
): string {
  const replicas = shortfall.replicasUnplaced;
  return `${replicas} replica${replicas === 1 ? '' : 's'} not placed: ${
    shortfall.resource
  } ${shortfall.requested} requested, ${shortfall.available} available`;
}

/** "prod-eu-1 (4) → prod-us-1 (3), prod-ap-1 (1)"; "nowhere" when none fit. */
export function moveText(move: WhatIfServiceResult['sources'][number]): string {
  const targets = move.targets
    .map(target => `${target.name} (${target.replicas})`)
    .join(', ');
  return `${move.from} (${move.replicas}) → ${targets || 'nowhere'}`;
}
