import { MultiClusterApiClient, routePath } from './client';
import { multiClusterApiRoutes as routes } from './routes';

/** Stands in for @backstage/errors' ResponseError (the callers pass theirs). */
class ResponseError extends Error {
  body?: { error?: { message?: string } };

  static async fromResponse(response: Response) {
    const error = new ResponseError(`Request failed with ${response.status}`);
    error.body = await response.json();
    return error;
  }
}

const discovery = {
  getBaseUrl: async (pluginId: string) =>
    `http://backstage.test/api/${pluginId}`,
};

function recordingClient(answer: () => Response) {
  const calls: { url: string; init?: RequestInit }[] = [];
  const client = new MultiClusterApiClient({
    discovery,
    errors: ResponseError,
    fetch: async (url, init) => {
      calls.push({ url, init });
      return answer();
    },
  });
  return { client, calls };
}

describe('MultiClusterApiClient', () => {
  it('fills path parameters encoded and repeats query values', async () => {
    const { client, calls } = recordingClient(() =>
      Response.json({ items: [] }),
    );
    await client.call(routes.getCluster, { params: { name: 'a b' } });
    await client.call(routes.listClusters, {
      query: { region: ['eu', 'us'], limit: '5', provider: undefined },
    });
    expect(calls.map(call => call.url)).toEqual([
      'http://backstage.test/api/multi-cluster/clusters/a%20b',
      'http://backstage.test/api/multi-cluster/clusters?region=eu&region=us&limit=5',
    ]);
    expect(calls[0].init).toEqual({ method: 'GET' });
  });

  it('posts the body as JSON with the token it is given', async () => {
    const { client, calls } = recordingClient(() => Response.json({}));
    await client.call(
      routes.upgradeCluster,
      { params: { name: 'a' }, body: { version: 'v1.31.2' } },
      { token: 'service-token' },
    );
    expect(calls[0]).toEqual({
      url: 'http://backstage.test/api/multi-cluster/clusters/a/upgrade',
      init: {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: 'Bearer service-token',
        },
        body: '{"version":"v1.31.2"}',
      },
    });
  });

  it('throws the caller’s ResponseError saying what the backend said', async () => {
    const { client } = recordingClient(() =>
      Response.json(
        {
          error: { name: 'InputError', message: 'Invalid path: name: bad' },
          response: { statusCode: 400 },
        },
        { status: 400, statusText: 'Bad Request' },
      ),
    );
    const error = await client
      .call(routes.getCluster, { params: { name: 'a' } })
      .catch(e => e);
    expect(error).toBeInstanceOf(ResponseError);
    expect(error.message).toBe('Invalid path: name: bad (400)');
  });

  it('refuses a path without its parameters', () => {
    expect(() => routePath('/clusters/:name')).toThrow(
      "Missing path parameter 'name' for /clusters/:name",
    );
  });
});
