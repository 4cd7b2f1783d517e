import {
  clusterRefSchema,
  emptyRequestSchema,
  entityRefRequestSchema,
  failoverRunRefSchema,
  listClustersRequestSchema,
  recommendPlacementRequestSchema,
  scaleClusterActionInputSchema,
  simulatePlacementRequestSchema,
  startFailoverRequestSchema,
  upgradeClusterActionInputSchema,
  whatIfRequestSchema,
} from '@flotilla/plugin-multi-cluster-common';
import { z } from 'zod';
import {
  bodyCases,
  objectWithKey,
  PROTOTYPE_KEYS,
  resourceCases,
} from './hostileCases';
import { startFailoverCases } from './failoverRoutes';
import { whatIfCases, whatIfValid } from './whatIfRoutes';
import type { HostileCase, Target } from './target';
import {
  CLUSTER,
  ENTITY,
  KB,
  recommendValid,
  RUN_ID,
  simulateValid,
  startValid,
} from './validRequests';

/** The actions registry reads action bodies with express.json(): 100 kB. */
const ACTION_BODY_LIMIT = 100 * KB;

/** The plugin's actions, invoked over HTTP through the actions registry. */
export function actionTargets(): Target[] {
  const actions: {
    name: string;
    valid: Record<string, unknown>;
    schema: z.ZodTypeAny;
    cases?: HostileCase[];
  }[] = [
    {
      name: 'list-clusters',
      valid: { limit: 10 },
      schema: listClustersRequestSchema,
      cases: PROTOTYPE_KEYS.map(key => ({
        label: `label ${key}`,
        body: `{"labels":${objectWithKey(key, 'x')}}`,
        status: 400,
      })),
    },
    { name: 'get-cluster', valid: { name: CLUSTER }, schema: clusterRefSchema },
    {
      name: 'simulate-placement',
      valid: simulateValid,
      schema: simulatePlacementRequestSchema,
      cases: resourceCases(
        { resourceRequest: 1 },
        resources =>
          `{"replicas":1,"placement":{},"replicaRequirements":{"resourceRequest":${resources}}}`,
      ).filter(c => !c.label.startsWith('50,000')),
    },
    {
      name: 'recommend-placement',
      valid: recommendValid,
      schema: recommendPlacementRequestSchema,
      cases: [
        {
          label: 'cpu -1',
          body: '{"replicas":1,"resourceRequest":{"cpu":"-1"}}',
          status: 400,
        },
      ],
    },
    {
      name: 'get-entity-placement',
      valid: { entityRef: ENTITY },
      schema: entityRefRequestSchema,
    },
    {
      name: 'get-placement-advice',
      valid: { entityRef: ENTITY },
      schema: entityRefRequestSchema,
    },
    {
      name: 'get-fleet-connectivity',
      valid: {},
      schema: emptyRequestSchema,
    },
    {
      name: 'get-entity-exposure',
      valid: { entityRef: ENTITY },
      schema: entityRefRequestSchema,
    },
    {
      name: 'scale-cluster',
      valid: {
        cluster: CLUSTER,
        machineDeployment: 'fleet-eu-west-1-md-0',
        replicas: 3,
      },
      schema: scaleClusterActionInputSchema,
    },
    {
      name: 'upgrade-cluster',
      valid: { cluster: CLUSTER, version: 'v1.32.0' },
      schema: upgradeClusterActionInputSchema,
    },
    {
      name: 'start-failover',
      valid: startValid,
      schema: startFailoverRequestSchema,
      cases: startFailoverCases(400),
    },
    {
      name: 'get-failover',
      valid: { id: RUN_ID },
      schema: failoverRunRefSchema,
    },
    {
      name: 'cancel-failover',
      valid: { id: RUN_ID },
      schema: failoverRunRefSchema,
    },
    {
      name: 'plan-cluster-loss',
      valid: whatIfValid,
      schema: whatIfRequestSchema,
      cases: whatIfCases(422),
    },
  ];
  return actions.map(action => ({
    name: `action ${action.name}`,
    method: 'post',
    path: `/.backstage/actions/v1/actions/multi-cluster:${action.name}/invoke`,
    valid: action.valid,
    schema: action.schema,
    bodyLimit: ACTION_BODY_LIMIT,
    cases: [
      ...(action.cases ?? []),
      ...bodyCases(action.valid, ACTION_BODY_LIMIT),
    ],
  }));
}
