import { pathCases, unknownQueryCases } from './hostileCases';
import type { Target } from './target';

/** The read-only views of an entity and of the fleet. */
export function viewRouteTargets(): Target[] {
  return [
    {
      name: 'GET /entities/:kind/:namespace/:name/placement',
      method: 'get',
      path: '/entities/component/default/checkout/placement',
      cases: [
        ...pathCases(
          s => `/entities/component/${s}/checkout/placement`,
          'namespace',
        ),
        ...unknownQueryCases('/entities/component/default/checkout/placement'),
      ],
    },
    {
      name: 'GET /entities/:kind/:namespace/:name/exposure',
      method: 'get',
      path: '/entities/component/default/checkout/exposure',
      cases: [
        ...pathCases(s => `/entities/${s}/default/checkout/exposure`, 'kind'),
        ...unknownQueryCases('/entities/component/default/checkout/exposure'),
      ],
    },
    {
      name: 'GET /entities/:kind/:namespace/:name/dr',
      method: 'get',
      path: '/entities/component/default/checkout/dr',
      cases: [
        ...pathCases(s => `/entities/component/default/${s}/dr`, 'name'),
        ...unknownQueryCases('/entities/component/default/checkout/dr'),
      ],
    },
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
