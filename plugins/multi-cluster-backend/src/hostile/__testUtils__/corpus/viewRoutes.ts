import { readOneTarget, unknownQueryCases } from './hostileCases';
import type { Target } from './target';

/** The read-only views of an entity and of the fleet. */
export function viewRouteTargets(): Target[] {
  return [
    readOneTarget(
      'GET /entities/:kind/:namespace/:name/placement',
      '/entities/component/default/checkout/placement',
      s => `/entities/component/${s}/checkout/placement`,
      'namespace',
    ),
    readOneTarget(
      'GET /entities/:kind/:namespace/:name/exposure',
      '/entities/component/default/checkout/exposure',
      s => `/entities/${s}/default/checkout/exposure`,
      'kind',
    ),
    readOneTarget(
      'GET /entities/:kind/:namespace/:name/dr',
      '/entities/component/default/checkout/dr',
      s => `/entities/component/default/${s}/dr`,
      'name',
    ),
    {
      name: 'GET /connectivity',
      method: 'get',
      path: '/connectivity',
      cases: unknownQueryCases('/connectivity'),
    },
    {
      name: 'GET /addons',
      method: 'get',
      path: '/addons',
      cases: unknownQueryCases('/addons'),
    },
  ];
}
