import { delay, http, HttpResponse } from 'msw';
import { setupKubernetesMocks } from '@flotilla/plugin-multi-cluster-node/testUtils';
import { baseConfig, stepContext, testRun } from '../__testUtils__/steps';
import { gitopsSync } from './gitopsSync';
import { StepError } from './types';

const ARGO = 'https://argocd.example.com';
const TOKEN = 'argocd-secret-token';
const APP = `${ARGO}/api/v1/applications/checkout-prod`;
const server = setupKubernetesMocks();
const config = { ...baseConfig, argocd: { baseUrl: ARGO, token: TOKEN } };

const app = (sync: string, health: string) => ({
  metadata: { name: 'checkout-prod' },
  status: {
    sync: { status: sync, revision: 'abc123' },
    health: { status: health },
  },
});

describe('gitops-sync (Argo CD)', () => {
  it('syncs, then polls until Synced and Healthy, with the bearer token', async () => {
    const auth: string[] = [];
    let syncBody: any;
    let polls = 0;
    server.use(
      http.post(`${APP}/sync`, async ({ request }) => {
        auth.push(request.headers.get('authorization')!);
        syncBody = await request.json();
        return HttpResponse.json(app('OutOfSync', 'Progressing'));
      }),
      http.get(APP, ({ request }) => {
        auth.push(request.headers.get('authorization')!);
        polls++;
        return HttpResponse.json(
          polls < 3
            ? app('OutOfSync', 'Progressing')
            : app('Synced', 'Healthy'),
        );
      }),
    );
    const result = await gitopsSync(
      stepContext(testRun(), 'gitops-sync', { config }),
    );
    expect(result.output).toEqual({
      application: 'checkout-prod',
      sync: 'Synced',
      health: 'Healthy',
      revision: 'abc123',
      polls: 3,
    });
    expect(syncBody).toEqual({ prune: false });
    expect(new Set(auth)).toEqual(new Set([`Bearer ${TOKEN}`]));
  });

  it('skips visibly when Argo CD is not configured', async () => {
    expect(await gitopsSync(stepContext(testRun(), 'gitops-sync'))).toEqual({
      skipped: 'multiCluster.failover.argocd is not configured',
    });
  });

  it.each([
    [500, true],
    [503, true],
    [404, false],
    [403, false],
  ])(
    'turns HTTP %i into a StepError (retryable: %s)',
    async (status, retryable) => {
      server.use(
        http.post(`${APP}/sync`, () =>
          HttpResponse.json({ message: 'nope' }, { status }),
        ),
      );
      const error = await gitopsSync(
        stepContext(testRun(), 'gitops-sync', { config }),
      ).catch(e => e);
      expect(error).toBeInstanceOf(StepError);
      expect(error.message).toBe(
        `Argo CD POST /api/v1/applications/checkout-prod/sync: HTTP ${status} nope`,
      );
      expect(error.retryable).toBe(retryable);
    },
  );

  it('reports a refused connection clearly', async () => {
    server.use(http.post(`${APP}/sync`, () => HttpResponse.error()));
    await expect(
      gitopsSync(stepContext(testRun(), 'gitops-sync', { config })),
    ).rejects.toThrow(
      /^Argo CD POST \/api\/v1\/applications\/checkout-prod\/sync: /,
    );
  });

  it('stops polling when the step is aborted (timeout)', async () => {
    server.use(
      http.post(`${APP}/sync`, () => HttpResponse.json({})),
      http.get(APP, async () => {
        await delay(50);
        return HttpResponse.json(app('OutOfSync', 'Progressing'));
      }),
    );
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('timed out')), 120);
    await expect(
      gitopsSync(
        stepContext(testRun(), 'gitops-sync', { config }, controller.signal),
      ),
    ).rejects.toThrow('timed out');
  });
});
