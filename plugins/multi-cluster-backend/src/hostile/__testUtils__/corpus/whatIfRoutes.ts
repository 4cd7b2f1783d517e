import { whatIfRequestSchema } from '@flotilla/plugin-multi-cluster-common';
import { json } from './hostileCases';
import type { HostileCase, Target } from './target';
import { MB } from './validRequests';

/** A region of the test fleet. */
export const whatIfValid = { regions: ['eu-west-1'] };

/**
 * What-if requests the route and the action both refuse: a loss the fleet
 * does not have is a 422 from the route, a 400 from the actions registry.
 */
export function whatIfCases(unknownLossStatus: number): HostileCase[] {
  return [
    { label: 'a loss of nothing', body: json({}), status: 400 },
    {
      label: '501 regions',
      body: json({ regions: Array.from({ length: 501 }, (_, i) => `r-${i}`) }),
      status: 400,
    },
    {
      label: 'a path as a cluster',
      body: json({ clusters: ['../../etc/passwd'] }),
      status: 400,
    },
    {
      label: 'a region the fleet does not have',
      body: json({ regions: ['mars-1'] }),
      status: unknownLossStatus,
    },
  ];
}

/** `POST /what-if`. */
export function whatIfRouteTargets(): Target[] {
  return [
    {
      name: 'POST /what-if',
      method: 'post',
      path: '/what-if',
      valid: whatIfValid,
      schema: whatIfRequestSchema,
      bodyLimit: 2 * MB,
      cases: whatIfCases(422),
    },
  ];
}
