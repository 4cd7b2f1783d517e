import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { ArgoCdApplicationHealth } from './ApplicationHealthReader';

const ARGO = 'https://argocd.example.com';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const fleet = [
  { name: 'eu-west', apiServerUrl: 'https://eu-west.example.com:6443' },
  { name: 'us-east', apiServerUrl: 'https://us-east.example.com:6443' },
];

function application(destination: object, health: object) {
  server.use(
    http.get(`${ARGO}/api/v1/applications/checkout`, ({ request }) =>
      request.headers.get('authorization') === 'Bearer argo-token'
        ? HttpResponse.json({ spec: { destination }, status: { health } })
        : new HttpResponse(null, { status: 401 }),
    ),
  );
}

describe('ArgoCdApplicationHealth', () => {
  const reader = new ArgoCdApplicationHealth(
    { baseUrl: ARGO, token: 'argo-token' },
    5000,
  );

  it('gives the health for the cluster its destination names', async () => {
    application(
      { name: 'eu-west' },
      { status: 'Degraded', message: 'timed out' },
    );
    expect(await reader.read('checkout', fleet)).toEqual(
      new Map([
        [
          'eu-west',
          { application: 'checkout', status: 'Degraded', message: 'timed out' },
        ],
      ]),
    );
  });

  it('matches a destination server to the cluster with that API server', async () => {
    application(
      { server: 'https://us-east.example.com:6443/' },
      { status: 'Healthy' },
    );
    expect([...(await reader.read('checkout', fleet)).keys()]).toEqual([
      'us-east',
    ]);
  });

  it('gives nothing for a destination outside the fleet, and throws on an error answer', async () => {
    application({ name: 'elsewhere' }, { status: 'Degraded' });
    expect((await reader.read('checkout', fleet)).size).toBe(0);
    const wrongToken = new ArgoCdApplicationHealth(
      { baseUrl: ARGO, token: 'nope' },
      5000,
    );
    await expect(wrongToken.read('checkout', fleet)).rejects.toThrow(
      'Argo CD application checkout: HTTP 401',
    );
  });
});
