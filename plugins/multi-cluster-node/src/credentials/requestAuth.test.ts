import { kubernetesRequestAuthFromHeaders } from './requestAuth';

describe('kubernetesRequestAuthFromHeaders', () => {
  it("reads the Kubernetes plugin's headers into its request auth", () => {
    expect(
      kubernetesRequestAuthFromHeaders({
        'backstage-kubernetes-authorization-google': 'ya29.user',
        'backstage-kubernetes-authorization-oidc-okta': 'Bearer eyJ.a.b',
        'backstage-kubernetes-authorization-oidc-my-idp': 'eyJ.c.d',
        authorization: 'Bearer backstage-token',
      }),
    ).toEqual({
      google: 'ya29.user',
      oidc: { okta: 'eyJ.a.b', 'my-idp': 'eyJ.c.d' },
    });
    expect(
      kubernetesRequestAuthFromHeaders({ authorization: 'Bearer x' }),
    ).toBeUndefined();
  });

  it.each([
    ['an empty token', { 'backstage-kubernetes-authorization-google': '' }],
    [
      'an oversized token',
      { 'backstage-kubernetes-authorization-google': 'a'.repeat(16_385) },
    ],
    [
      'a token with spaces',
      { 'backstage-kubernetes-authorization-google': 'a b' },
    ],
    [
      'oidc without a provider',
      { 'backstage-kubernetes-authorization-oidc': 't' },
    ],
    [
      'a provider with a sub-provider',
      { 'backstage-kubernetes-authorization-google-x': 't' },
    ],
    ['a malformed name', { 'backstage-kubernetes-authorization-%2e%2e': 't' }],
    [
      'too many headers',
      Object.fromEntries(
        Array.from({ length: 9 }, (_, i) => [
          `backstage-kubernetes-authorization-oidc-p${i}`,
          't',
        ]),
      ),
    ],
  ])('refuses %s', (_, headers) => {
    expect(() => kubernetesRequestAuthFromHeaders(headers)).toThrow();
  });
});
