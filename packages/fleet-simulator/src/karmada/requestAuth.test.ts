import { ApiError } from './apiStatus';
import {
  forbidden,
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
