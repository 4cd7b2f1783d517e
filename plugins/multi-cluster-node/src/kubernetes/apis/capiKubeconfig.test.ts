import { dumpYaml } from '@kubernetes/client-node';
import { parseCapiKubeconfig } from './capiKubeconfig';

function kubeconfig(
  user: Record<string, unknown>,
  cluster: Record<string, unknown> = {},
  currentContext: string | undefined = 'admin@wc',
) {
  return dumpYaml({
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [
      {
        name: 'wc',
        cluster: { server: 'https://wc.example:6443', ...cluster },
      },
    ],
    users: [{ name: 'admin', user }],
    contexts: [{ name: 'admin@wc', context: { cluster: 'wc', user: 'admin' } }],
    ...(currentContext ? { 'current-context': currentContext } : {}),
  });
}

describe('parseCapiKubeconfig', () => {
  it('reads server, CA data and a token or a client certificate', () => {
    expect(
      parseCapiKubeconfig(
        kubeconfig(
          { token: 't0k' },
          { 'certificate-authority-data': 'Q0E=' },
          undefined,
        ),
        'wc',
      ),
    ).toEqual({
      name: 'wc',
      url: 'https://wc.example:6443',
      caData: 'Q0E=',
      skipTLSVerify: false,
      token: 't0k',
      certData: undefined,
      keyData: undefined,
    });
    expect(
      parseCapiKubeconfig(
        kubeconfig({
          'client-certificate-data': 'Q0VSVA==',
          'client-key-data': 'S0VZ',
        }),
        'wc',
      ),
    ).toMatchObject({ certData: 'Q0VSVA==', keyData: 'S0VZ' });
  });

  it.each([
    [{ exec: { command: 'sh', args: ['-c', 'id'] } }, "user field 'exec'"],
    [{ 'auth-provider': { name: 'gcp' } }, "user field 'auth-provider'"],
    [{ 'client-key': '/root/.ssh/id_rsa' }, "user field 'client-key'"],
    [{ token: 'x', as: 'system:admin' }, "user field 'as'"],
    [{ 'client-certificate-data': 'Q0VSVA==' }, 'only one of'],
    [{}, 'neither a token nor a client certificate'],
  ])('refuses %j without following it', (user, message) => {
    expect(() => parseCapiKubeconfig(kubeconfig(user), 'wc')).toThrow(message);
  });

  it('refuses a kubeconfig that is not one, naming no values', () => {
    expect(() => parseCapiKubeconfig('{{{ s3cret', 'wc')).toThrow(
      /^kubeconfig is not valid YAML$/,
    );
    expect(() =>
      parseCapiKubeconfig(kubeconfig({ token: 's3cret' }, {}, 'other'), 'wc'),
    ).toThrow(/^no context named 'other'$/);
    expect(() =>
      parseCapiKubeconfig(
        kubeconfig({ token: 's3cret' }, { server: 'file:///etc/passwd' }),
        'wc',
      ),
    ).toThrow(/^cluster server is missing or not an http\(s\) URL$/);
  });
});
