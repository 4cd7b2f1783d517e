import path from 'node:path';
import { ConfigSources } from '@backstage/config-loader';
import type { JsonObject } from '@backstage/types';
import { mockServices, startTestBackend } from '@backstage/backend-test-utils';
import request from 'supertest';
import authPlugin from '@backstage/plugin-auth-backend';
import guestProviderModule from '@backstage/plugin-auth-backend-module-guest-provider';
import githubProviderModule from '@backstage/plugin-auth-backend-module-github-provider';

// Sign-in as the image runs it: app-config.yaml then app-config.production.yaml,
// NODE_ENV=production, and the auth modules src/index.ts installs.
const repoRoot = path.resolve(__dirname, '../../..');

async function loadProductionConfig(
  env: Record<string, string>,
): Promise<JsonObject> {
  const config = await ConfigSources.toConfig(
    ConfigSources.defaultForTargets({
      rootDir: repoRoot,
      targets: ['app-config.yaml', 'app-config.production.yaml'].map(file => ({
        type: 'path' as const,
        target: path.join(repoRoot, file),
      })),
      substitutionFunc: async name => env[name],
    }),
  );
  try {
    return config.get<JsonObject>();
  } finally {
    config.close();
  }
}

// The production database (PostgreSQL from the environment) is replaced by
// SQLite in memory: sign-in is what is under test.
const startAuth = (config: JsonObject) =>
  startTestBackend({
    features: [
      authPlugin,
      guestProviderModule,
      githubProviderModule,
      mockServices.rootConfig.factory({
        data: {
          ...config,
          backend: {
            ...(config.backend as JsonObject),
            database: { client: 'better-sqlite3', connection: ':memory:' },
          },
        },
      }),
    ],
  });

jest.setTimeout(30_000);

describe('sign-in with app-config.production.yaml', () => {
  const nodeEnv = process.env.NODE_ENV;
  beforeAll(() => {
    process.env.NODE_ENV = 'production';
  });
  afterAll(() => {
    process.env.NODE_ENV = nodeEnv;
  });

  const githubSecrets = {
    AUTH_GITHUB_CLIENT_ID: 'flotilla-client-id',
    AUTH_GITHUB_CLIENT_SECRET: 'flotilla-client-secret',
  };

  it('refuses the guest and sends GitHub sign-ins to GitHub', async () => {
    const { server } = await startAuth(
      await loadProductionConfig(githubSecrets),
    );

    const guest = await request(server).get('/api/auth/guest/refresh');
    expect(guest.status).toBe(403);
    expect(guest.body.error.message).toMatch(
      /cannot be used outside of a development environment/,
    );

    const github = await request(server).get(
      '/api/auth/github/start?env=production',
    );
    expect(github.status).toBe(302);
    const location = new URL(github.headers.location);
    expect(location.origin).toBe('https://github.com');
    expect(location.searchParams.get('client_id')).toBe('flotilla-client-id');
  });

  it('does not start without the GitHub credentials', async () => {
    await expect(startAuth(await loadProductionConfig({}))).rejects.toThrow(
      /Failed to initialize github auth provider/,
    );
  });
});
