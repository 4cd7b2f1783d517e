import {
  cancelFailoverRequestSchema,
  rollbackFailoverRequestSchema,
  startDrillRequestSchema,
  startFailoverRequestSchema,
} from '@flotilla/plugin-multi-cluster-common';
import {
  json,
  pathCases,
  readOneTarget,
  unknownQueryCases,
} from './hostileCases';
import type { HostileCase, Target } from './target';
import { CLUSTER, ENTITY, KB, RUN_ID, startValid } from './validRequests';

/**
 * Start requests the route and the action both refuse; an unknown source
 * cluster is a 422 from the route, a 400 from the actions registry.
 */
export function startFailoverCases(unknownSourceStatus: number): HostileCase[] {
  return [
    {
      label: 'an unknown source cluster',
      body: json({ ...startValid, from: 'no-such-cluster' }),
      status: unknownSourceStatus,
    },
    {
      label: 'a reason of 2,001 characters',
      body: json({ ...startValid, reason: 'r'.repeat(2_001) }),
      status: 400,
    },
  ];
}

/** The failover and drill routes. */
export function failoverRouteTargets(): Target[] {
  return [
    {
      name: 'POST /failovers',
      method: 'post',
      path: '/failovers',
      valid: startValid,
      schema: startFailoverRequestSchema,
      bodyLimit: 16 * KB,
      cases: [
        ...startFailoverCases(422),
        {
          label: 'a path as the source cluster',
          body: json({ ...startValid, from: '../../etc/passwd' }),
          status: 400,
        },
        {
          label: 'an idempotency key of 256 characters',
          body: json({ ...startValid, idempotencyKey: 'k'.repeat(256) }),
          status: 400,
        },
        {
          label: 'an entity ref with a script',
          body: json({ ...startValid, entityRef: '<script>alert(1)</script>' }),
          status: 400,
        },
      ],
    },
    {
      name: 'POST /drills',
      method: 'post',
      path: '/drills',
      valid: { entityRef: ENTITY, from: CLUSTER, dryRun: true },
      schema: startDrillRequestSchema,
      bodyLimit: 16 * KB,
      cases: [
        {
          label: 'force (not a drill field)',
          body: json({ entityRef: ENTITY, from: CLUSTER, force: true }),
          status: 400,
        },
      ],
    },
    {
      name: 'GET /failovers',
      method: 'get',
      path: '/failovers',
      cases: [
        ...unknownQueryCases('/failovers'),
        { label: 'kind unknown', path: '/failovers?kind=nuke' },
        { label: 'limit 201', path: '/failovers?limit=201' },
        {
          label: 'an entity ref of 5,000 characters',
          path: `/failovers?entityRef=${'e'.repeat(5_000)}`,
        },
      ].map(c => ({ ...c, status: 400 })),
    },
    readOneTarget(
      'GET /failovers/:id',
      `/failovers/${RUN_ID}`,
      s => `/failovers/${s}`,
      'run id',
    ),
    {
      name: 'POST /failovers/:id/cancel',
      method: 'post',
      path: `/failovers/${RUN_ID}/cancel`,
      valid: {},
      schema: cancelFailoverRequestSchema,
      bodyLimit: 16 * KB,
      cases: pathCases(s => `/failovers/${s}/cancel`, 'run id'),
    },
    {
      name: 'POST /failovers/:id/rollback',
      method: 'post',
      path: `/failovers/${RUN_ID}/rollback`,
      valid: { reason: 'hostile input test' },
      schema: rollbackFailoverRequestSchema,
      bodyLimit: 16 * KB,
      cases: pathCases(s => `/failovers/${s}/rollback`, 'run id'),
    },
  ];
}
