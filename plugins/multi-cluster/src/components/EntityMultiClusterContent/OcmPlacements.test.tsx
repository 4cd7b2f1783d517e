import { screen } from '@testing-library/react';
import { renderInTestApp } from '@backstage/test-utils';
import type { OcmDesiredPlacement } from '@flotilla/plugin-multi-cluster-common';
import { OcmPlacements } from './OcmPlacements';

const storefront: OcmDesiredPlacement = {
  hub: 'ocm-hub',
  namespace: 'shop',
  name: 'storefront',
  clusterSets: ['prod'],
  numberOfClusters: 2,
  predicates: [
    'labels: region In (eu-west,us-east); claims: platform.open-cluster-management.io In (AWS)',
  ],
  numberOfSelectedClusters: 2,
  decisions: [
    { cluster: 'prod-eu-west-aws-1' },
    { cluster: 'prod-us-east-aws-1' },
  ],
  satisfied: { status: 'True', reason: 'AllDecisionsScheduled' },
};

describe('OcmPlacements', () => {
  it('shows each Placement with its sets, predicates, decided clusters and whether it is satisfied', async () => {
    await renderInTestApp(
      <OcmPlacements
        placements={[
          storefront,
          {
            ...storefront,
            name: 'storefront-canary',
            clusterSets: [],
            numberOfClusters: 3,
            decisions: [],
            satisfied: {
              status: 'False',
              reason: 'NotAllDecisionsScheduled',
            },
          },
        ]}
      />,
    );
    const first = screen.getByTestId('ocm-placement-ocm-hub/shop/storefront');
    expect(first).toHaveTextContent(
      'OCM Placement shop/storefront on hub ocm-hub',
    );
    expect(first).toHaveTextContent('satisfied');
    expect(first).toHaveTextContent('Cluster sets: prod');
    expect(first).toHaveTextContent('2 of 2 decided');
    expect(first).toHaveTextContent(
      'labels: region In (eu-west,us-east); claims: platform.open-cluster-management.io In (AWS)',
    );
    expect(first).toHaveTextContent(
      'Decided: prod-eu-west-aws-1, prod-us-east-aws-1',
    );
    const second = screen.getByTestId(
      'ocm-placement-ocm-hub/shop/storefront-canary',
    );
    expect(second).toHaveTextContent('not satisfied: NotAllDecisionsScheduled');
    expect(second).toHaveTextContent('all bound to the namespace');
    expect(second).toHaveTextContent('0 of 3 decided');
    expect(second).toHaveTextContent('Decided: no cluster');
  });

  it('renders nothing without Placements', async () => {
    const { container } = await renderInTestApp(
      <OcmPlacements placements={[]} />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
