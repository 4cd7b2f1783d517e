import {
  deleteClusterRequestSchema,
  scaleClusterRequestSchema,
  upgradeClusterRequestSchema,
} from '@flotilla/plugin-multi-cluster-common';
import {
  json,
  pathCases,
  readOneTarget,
  unknownQueryCases,
} from './hostileCases';
import type { Target } from './target';
import { CLUSTER, KB } from './validRequests';

/** The cluster routes: inventory reads and lifecycle writes. */
export function clusterRouteTargets(): Target[] {
  return [
    {
      name: 'GET /clusters',
      method: 'get',
      path: '/clusters',
      cases: [
        ...unknownQueryCases('/clusters'),
        { label: 'label __proto__', path: '/clusters?label=__proto__=x' },
        { label: 'label constructor', path: '/clusters?label=constructor=x' },
        { label: 'label without =', path: '/clusters?label=x' },
        { label: 'limit 1e9', path: '/clusters?limit=1000000000' },
        { label: 'limit -1', path: '/clusters?limit=-1' },
        { label: 'limit as an array', path: '/clusters?limit[]=1' },
        { label: 'region as an object', path: '/clusters?region[a]=b' },
        {
          label: 'a 5,000-character health',
          path: `/clusters?health=${'x'.repeat(5_000)}`,
        },
        {
          label: '101 regions',
          path: `/clusters?region=${Array.from(
            { length: 101 },
            (_, i) => `r${i}`,
          ).join(',')}`,
        },
      ].map(c => ({ ...c, status: 400 })),
    },
    readOneTarget(
      'GET /clusters/:name',
      `/clusters/${CLUSTER}`,
      s => `/clusters/${s}`,
      'cluster name',
    ),
    readOneTarget(
      'GET /clusters/:name/history',
      `/clusters/${CLUSTER}/history`,
      s => `/clusters/${s}/history`,
      'cluster name',
      [
        {
          label: 'limit 0',
          path: `/clusters/${CLUSTER}/history?limit=0`,
          status: 400,
        },
      ],
    ),
    {
      name: 'POST /clusters/:name/scale',
      method: 'post',
      path: `/clusters/${CLUSTER}/scale`,
      valid: { machineDeployment: 'fleet-eu-west-1-md-0', replicas: 3 },
      schema: scaleClusterRequestSchema,
      bodyLimit: 4 * KB,
      cases: [
        ...pathCases(s => `/clusters/${s}/scale`, 'cluster name'),
        ...[-1, 1e9, 1.5, '5', 1e308].map(replicas => ({
          label: `replicas ${replicas}`,
          body: json({ machineDeployment: 'fleet-eu-west-1-md-0', replicas }),
          status: 400,
        })),
      ],
    },
    {
      name: 'POST /clusters/:name/upgrade',
      method: 'post',
      path: `/clusters/${CLUSTER}/upgrade`,
      valid: { version: 'v1.32.0' },
      schema: upgradeClusterRequestSchema,
      bodyLimit: 4 * KB,
      cases: [
        ...pathCases(s => `/clusters/${s}/upgrade`, 'cluster name'),
        ...['latest', 'v1', `v1.2.3-${'x'.repeat(200)}`].map(version => ({
          label: `version ${version.slice(0, 20)}`,
          body: json({ version }),
          status: 400,
        })),
      ],
    },
    {
      name: 'DELETE /clusters/:name',
      method: 'delete',
      path: `/clusters/${CLUSTER}`,
      valid: { confirm: CLUSTER },
      schema: deleteClusterRequestSchema,
      bodyLimit: 4 * KB,
      cases: pathCases(s => `/clusters/${s}`, 'cluster name'),
    },
  ];
}
