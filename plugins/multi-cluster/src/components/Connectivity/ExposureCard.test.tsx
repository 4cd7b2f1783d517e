import { screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import {
  mockApis,
  registerMswTestHooks,
  renderInTestApp,
  TestApiProvider,
} from '@backstage/test-utils';
import { entityRouteRef } from '@backstage/plugin-catalog-react';
import { MultiClusterClient, multiClusterApiRef } from '../../api';
import { checkoutExposure } from '../../__fixtures__/connectivity';
import { runOnFakeClock } from '../../__testUtils__/fakeClock';
import { ExposureCard } from './ExposureCard';

runOnFakeClock();

const server = setupServer();
registerMswTestHooks(server);
const exposureUrl =
  'http://backstage.test/api/multi-cluster/entities/component/default/checkout/exposure';

function renderCard() {
  const api = new MultiClusterClient({
    discoveryApi: mockApis.discovery({ baseUrl: 'http://backstage.test' }),
    fetchApi: { fetch: (input, init) => fetch(input, init) },
  });
  return renderInTestApp(
    <TestApiProvider apis={[[multiClusterApiRef, api]]}>
      <ExposureCard
        entity={{ kind: 'Component', namespace: 'default', name: 'checkout' }}
      />
    </TestApiProvider>,
    { mountedRoutes: { '/catalog/:namespace/:kind/:name': entityRouteRef } },
  );
}

describe('ExposureCard', () => {
  it('shows each export’s clusterset.local host, where it is exported and reachable, and its problems', async () => {
    server.use(
      http.get(exposureUrl, () => HttpResponse.json(checkoutExposure())),
    );
    await renderCard();
    const checkout = await screen.findByTestId('export-shop-checkout');
    expect(
      within(checkout).getByText('checkout.shop.svc.clusterset.local'),
    ).toBeInTheDocument();
    expect(
      within(checkout).getByRole('button', {
        name: 'Copy checkout.shop.svc.clusterset.local',
      }),
    ).toBeInTheDocument();
    const [, exportedFrom, reachableFrom] =
      within(checkout).getAllByRole('cell');
    expect(exportedFrom).toHaveTextContent('prod-eu-1prod-eu-2');
    expect(reachableFrom).toHaveTextContent('prod-eu-1prod-eu-2');

    const admin = screen.getByTestId('export-shop-checkout-admin');
    expect(admin).toHaveTextContent(
      'ServiceExport shop/checkout-admin on prod-eu-1 is not valid: ServiceUnavailable',
    );
    expect(admin).toHaveTextContent('no valid ServiceExport');
  });

  it('warns which of the service’s clusters cannot reach a dependency', async () => {
    server.use(
      http.get(exposureUrl, () => HttpResponse.json(checkoutExposure())),
    );
    await renderCard();
    const warning = await screen.findByTestId('unreachable-dependencies');
    expect(warning).toHaveTextContent(
      'prod-eu-1, prod-eu-2 cannot reach resource:default/orders-db: they share no cluster set with prod-us-1.',
    );
    expect(warning).not.toHaveTextContent('payments-ledger');
    expect(
      screen.getByRole('link', { name: 'component:default/payments-ledger' }),
    ).toHaveAttribute('href', '/catalog/default/component/payments-ledger');
    expect(screen.getByText('reachable everywhere')).toBeInTheDocument();
  });

  it('explains the service-exports annotation and ServiceExport when there is nothing to show', async () => {
    server.use(
      http.get(exposureUrl, () =>
        HttpResponse.json({
          entityRef: 'component:default/checkout',
          exports: [],
          dependencies: [],
        }),
      ),
    );
    await renderCard();
    expect(
      await screen.findByText('flotilla.io/service-exports'),
    ).toBeInTheDocument();
    expect(screen.getByText(/create an MCS ServiceExport/)).toBeInTheDocument();
    expect(screen.queryByTestId('unreachable-dependencies')).toBeNull();
  });

  it('says why the exposure is unavailable', async () => {
    server.use(
      http.get(exposureUrl, () =>
        HttpResponse.json(
          {
            error: {
              name: 'NotFoundError',
              message: 'component:default/checkout is not in the catalog',
            },
            response: { statusCode: 404 },
          },
          { status: 404 },
        ),
      ),
    );
    await renderCard();
    expect(
      await screen.findByText(
        'Exposure unavailable: component:default/checkout is not in the catalog (404)',
      ),
    ).toBeInTheDocument();
  });
});
