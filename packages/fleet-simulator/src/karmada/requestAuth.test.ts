import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { KubeConfig } from '@kubernetes/client-node';
import {
  createCa,
  listenOnLoopback,
  signCertificate,
} from '@flotilla/test-kit';
import { ApiError } from './apiStatus';
import {
  Attributes,
  forbidden,
  SubjectAccessReviewAuthorizer,
  subjectAccessReviewFor,
  userFromRequestHeaders,
} from './requestAuth';

function refusal(fn: () => unknown) {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) return error.status;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('request header authentication', () => {
  const proxy = { verified: true, commonName: 'front-proxy-client' };

  it('reads the user, every group header and the extras of a verified front proxy', () => {
    const user = userFromRequestHeaders(
      {
        'x-remote-user': ['flotilla-backstage'],
        'x-remote-group': ['flotilla:backstage', 'system:authenticated'],
        'x-remote-extra-scopes': ['view', 'edit'],
        'x-remote-extra-acme.com%2fproject': ['p1'],
      },
      proxy,
    );
    expect(user).toEqual({
      name: 'flotilla-backstage',
      groups: ['flotilla:backstage', 'system:authenticated'],
      extra: { scopes: ['view', 'edit'], 'acme.com/project': ['p1'] },
    });
  });

  it('refuses a caller without a front-proxy certificate or with another CN (401)', () => {
    expect(
      refusal(() =>
        userFromRequestHeaders(
          { 'x-remote-user': ['admin'] },
          { verified: false },
        ),
      ),
    ).toMatchObject({
      kind: 'Status',
      code: 401,
      reason: 'Unauthorized',
    });
    expect(
      refusal(() =>
        userFromRequestHeaders(
          { 'x-remote-user': ['admin'] },
          { verified: true, commonName: 'flotilla-admin' },
        ),
      ).message,
    ).toContain('"flotilla-admin" is not allowed');
  });

  it('treats a verified proxy that names nobody as anonymous', () => {
    expect(userFromRequestHeaders({}, proxy)).toEqual({
      name: 'system:anonymous',
      groups: ['system:unauthenticated'],
      extra: {},
    });
  });

  it('asks about the proxy subresource of the named cluster, and words a denial as the apiserver does', () => {
    const user = { name: 'dev', groups: ['devs'], extra: {} };
    const attributes = {
      kind: 'resource' as const,
      verb: 'get',
      group: 'cluster.karmada.io',
      version: 'v1alpha1',
      resource: 'clusters',
      subresource: 'proxy',
      name: 'prod-eu-west-aws-1',
    };
    expect(subjectAccessReviewFor(user, attributes).spec).toEqual({
      user: 'dev',
      groups: ['devs'],
      extra: {},
      resourceAttributes: {
        verb: 'get',
        group: 'cluster.karmada.io',
        version: 'v1alpha1',
        resource: 'clusters',
        subresource: 'proxy',
        name: 'prod-eu-west-aws-1',
      },
    });
    expect(forbidden(user, attributes, '').status).toMatchObject({
      code: 403,
      reason: 'Forbidden',
      message:
        'clusters/proxy.cluster.karmada.io "prod-eu-west-aws-1" is forbidden: User "dev" cannot get resource "clusters/proxy" in API group "cluster.karmada.io" at the cluster scope',
    });
  });
});

describe('SubjectAccessReviewAuthorizer', () => {
  it('asks the control plane once for concurrent equal questions, then answers from its cache', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sar-'));
    createCa(dir, 'ca');
    signCertificate(
      dir,
      'ca',
      'serving',
      '/CN=karmada',
      'subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth\n',
    );
    const read = (name: string) => fs.readFileSync(path.join(dir, name));
    const reviews: Array<{ authorization?: string; body: any }> = [];
    const controlPlane = https.createServer(
      { cert: read('serving.crt'), key: read('serving.key') },
      (req, res) => {
        let text = '';
        req.on('data', chunk => (text += chunk));
        req.on('end', () => {
          const body = JSON.parse(text);
          reviews.push({ authorization: req.headers.authorization, body });
          res.writeHead(201, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({
              ...body,
              status: { allowed: body.spec.user === 'viewer', reason: 'rbac' },
            }),
          );
        });
      },
    );
    const listening = await listenOnLoopback(controlPlane);
    const kubeConfig = new KubeConfig();
    kubeConfig.loadFromOptions({
      clusters: [
        {
          name: 'karmada',
          server: listening.url,
          caData: read('ca.crt').toString('base64'),
        },
      ],
      users: [{ name: 'admin', token: 'admin-token' }],
      contexts: [{ name: 'karmada', cluster: 'karmada', user: 'admin' }],
      currentContext: 'karmada',
    });
    const authorizer = new SubjectAccessReviewAuthorizer(kubeConfig);
    const get: Attributes = {
      kind: 'resource',
      verb: 'get',
      group: 'cluster.karmada.io',
      version: 'v1alpha1',
      resource: 'clusters',
      name: 'm-1',
    };
    const viewer = { name: 'viewer', groups: [], extra: {} };
    try {
      const answers = await Promise.all([
        authorizer.authorize(viewer, get),
        authorizer.authorize(viewer, get),
        authorizer.authorize({ ...viewer, name: 'dev' }, get),
      ]);
      expect(answers.map(a => a.allowed)).toEqual([true, true, false]);
      expect(await authorizer.authorize(viewer, get)).toMatchObject({
        allowed: true,
      });
      expect(reviews.map(r => r.body.spec.user).sort()).toEqual([
        'dev',
        'viewer',
      ]);
      expect(reviews[0]).toMatchObject({
        authorization: 'Bearer admin-token',
        body: { kind: 'SubjectAccessReview' },
      });
    } finally {
      await listening.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
