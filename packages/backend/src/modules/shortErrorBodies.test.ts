import express from 'express';
import request from 'supertest';
import { shortErrorBodies } from './shortErrorBodies';

function appAnswering(status: number, body: unknown) {
  const app = express();
  app.use(shortErrorBodies);
  app.get('/', (_req, res) => {
    res.status(status).json(body);
  });
  return app;
}

describe('shortErrorBodies', () => {
  it('keeps only the name and a clipped message of an error answer', async () => {
    const res = await request(
      appAnswering(400, {
        error: {
          name: 'SyntaxError',
          message: 'x'.repeat(5_000),
          body: '{"jsonrpc":"2.0"'.repeat(5_000),
          stack:
            'SyntaxError: at /work/node_modules/body-parser/lib/types/json.js:1',
          expose: true,
        },
        request: { method: 'POST', url: '/api/mcp-actions/v1' },
        response: { statusCode: 400 },
      }),
    ).get('/');
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error)).toEqual(['name', 'message']);
    expect(res.body.error.message).toHaveLength(1_500);
    expect(res.body.request).toEqual({
      method: 'POST',
      url: '/api/mcp-actions/v1',
    });
    expect(res.text.length).toBeLessThan(2_000);
  });

  it('leaves other answers alone', async () => {
    const ok = { error: { name: 'not an error answer', detail: 1 } };
    expect((await request(appAnswering(200, ok)).get('/')).body).toEqual(ok);
    const notShaped = { message: 'plain' };
    expect((await request(appAnswering(404, notShaped)).get('/')).body).toEqual(
      notShaped,
    );
  });
});
