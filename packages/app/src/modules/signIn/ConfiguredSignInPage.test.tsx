import { renderInTestApp } from '@backstage/frontend-test-utils';
import { screen } from '@testing-library/react';
import { Suspense } from 'react';
import { ConfiguredSignInPage } from './ConfiguredSignInPage';

async function renderWith(signIn: { providers: string[] } | undefined) {
  // The sign-in page's parts load lazily, as in the app.
  await renderInTestApp(
    <Suspense fallback={null}>
      <ConfiguredSignInPage onSignInSuccess={() => {}} />
    </Suspense>,
    {
      config: {
        app: { title: 'Flotilla', ...(signIn ? { signIn } : {}) },
        backend: { baseUrl: 'http://localhost:7007' },
      },
    },
  );
}

// The first render compiles the lazily loaded parts: on a loaded machine
// that alone can outlast Jest's and Testing Library's default waits.
jest.setTimeout(60_000);
const LAZY_LOAD = { timeout: 30_000 };

describe('ConfiguredSignInPage', () => {
  it('offers the guest when nothing is configured (the demo)', async () => {
    await renderWith(undefined);
    expect(
      await screen.findByRole('button', { name: 'Enter' }, LAZY_LOAD),
    ).toBeVisible();
    expect(screen.queryByText('GitHub')).toBeNull();
  });

  it('offers GitHub and no guest in production', async () => {
    await renderWith({ providers: ['github'] });
    expect(await screen.findByText('GitHub', {}, LAZY_LOAD)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Enter' })).toBeNull();
  });

  it('ignores a provider it cannot offer', async () => {
    await renderWith({ providers: ['github', 'saml-of-another-app'] });
    expect(await screen.findByText('GitHub', {}, LAZY_LOAD)).toBeVisible();
    expect(screen.getAllByRole('button')).toHaveLength(1);
  });
});
