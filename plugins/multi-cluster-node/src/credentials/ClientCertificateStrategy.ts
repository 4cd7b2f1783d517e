import fs from 'node:fs';
import type {
  AuthMetadata,
  AuthenticationStrategy,
  ClusterDetails,
  KubernetesCredential,
} from '@backstage/plugin-kubernetes-node';

/**
 * The `authMetadata` keys of a client certificate, as the cluster entry
 * spells them: base64 PEM like a kubeconfig's `client-certificate-data` and
 * `client-key-data`, or PEM files.
 *
 * @public
 */
export const CLIENT_CERTIFICATE_KEYS = {
  certData: 'clientCertData',
  keyData: 'clientKeyData',
  certFile: 'clientCertFile',
  keyFile: 'clientKeyFile',
} as const;

function pem(metadata: AuthMetadata, dataKey: string, fileKey: string): string {
  const data = metadata[dataKey];
  if (data) {
    return Buffer.from(data, 'base64').toString('utf8');
  }
  try {
    return fs.readFileSync(metadata[fileKey], 'utf8');
  } catch (error) {
    // The code, not the message: the path is configuration, the cause is enough.
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new Error(`${fileKey} cannot be read (${code})`);
  }
}

/**
 * Mutual TLS with a client certificate (`authProvider: clientCertificate`),
 * which the Kubernetes plugin's strategies do not cover: kubeadm, k3s and
 * Cluster API clusters hand out certificates, not tokens. Files are read on
 * every call, so a rotated certificate is picked up when the client reloads
 * its credentials.
 *
 * @public
 */
export class ClientCertificateStrategy implements AuthenticationStrategy {
  async getCredential(
    clusterDetails: ClusterDetails,
  ): Promise<KubernetesCredential> {
    const metadata = clusterDetails.authMetadata;
    const k = CLIENT_CERTIFICATE_KEYS;
    return {
      type: 'x509 client certificate',
      cert: pem(metadata, k.certData, k.certFile),
      key: pem(metadata, k.keyData, k.keyFile),
    };
  }

  validateCluster(authMetadata: AuthMetadata): Error[] {
    const k = CLIENT_CERTIFICATE_KEYS;
    const errors: Error[] = [];
    for (const [what, data, file] of [
      ['certificate', k.certData, k.certFile],
      ['key', k.keyData, k.keyFile],
    ] as const) {
      if (!authMetadata[data] === !authMetadata[file]) {
        errors.push(
          new Error(
            `a client certificate needs exactly one of '${data}' and '${file}' for its ${what}`,
          ),
        );
      }
    }
    return errors;
  }

  presentAuthMetadata(): AuthMetadata {
    return {};
  }
}
