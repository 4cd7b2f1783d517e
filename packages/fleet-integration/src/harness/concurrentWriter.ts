import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { AddressInfo } from 'node:net';
import { KubeConfig, KubernetesObjectApi } from '@kubernetes/client-node';

/** The identity the Backstage backend uses on the fleet's clusters. */
export const BACKEND_USER = 'flotilla-backstage';

export interface ConcurrentWriterOptions {
  /** Where the object lives (the fleet operator's credentials). */
  kubeConfig: KubeConfig;
  apiGroup: string;
  /** Plural resource, with its subresource when the backend writes one (`deployments/scale`). */
  resource: string;
  namespace?: string;
  name: string;
  /**
   * The concurrent write: runs once, while the backend's first update of
   * the object waits in admission (it has read the object and sent the
   * read resourceVersion as its precondition).
   */
  write: () => Promise<void>;
  /**
   * A write as the operator that changes nothing that matters, to see the
   * webhook is active (`waitUntilActive`); `write` when absent.
   */
  probe?: () => Promise<void>;
}

/**
 * A real concurrent writer at the worst moment, without timing: a validating
 * admission webhook on the real API server holds the backend's first write
 * (update, or create when the object is absent) of one object, makes another write to that object, then admits the held
 * update, which the API server then refuses with a real 409 Conflict (its
 * resourceVersion precondition no longer holds). What the backend does next
 * (re-read, retry) is what the test checks.
 */
export class ConcurrentWriter {
  /** Updates by the backend that reached admission, and whether the write happened. */
  readonly seen: { user: string; operation: string }[] = [];
  interfered = false;
  private writeError?: Error;

  private constructor(
    private readonly options: ConcurrentWriterOptions,
    private readonly server: https.Server,
    private readonly configurationName: string,
  ) {}

  static async start(
    options: ConcurrentWriterOptions,
  ): Promise<ConcurrentWriter> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flotilla-writer-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-keyout',
        'tls.key',
        '-out',
        'tls.crt',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { cwd: dir, stdio: 'pipe' },
    );
    const cert = fs.readFileSync(path.join(dir, 'tls.crt'));
    const key = fs.readFileSync(path.join(dir, 'tls.key'));
    fs.rmSync(dir, { recursive: true, force: true });

    // The request handler needs the writer, which needs the server.
    const handle: { writer?: ConcurrentWriter } = {};
    const server = https.createServer({ cert, key }, (req, res) => {
      let text = '';
      req.on('data', chunk => (text += chunk));
      req.on('end', async () => {
        const review = JSON.parse(text);
        await handle.writer!.review(review.request);
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({
            apiVersion: 'admission.k8s.io/v1',
            kind: 'AdmissionReview',
            response: { uid: review.request.uid, allowed: true },
          }),
        );
      });
    });
    await new Promise<void>(resolve =>
      server.listen(0, '127.0.0.1', () => resolve()),
    );
    const port = (server.address() as AddressInfo).port;
    const configurationName = `flotilla-it-writer-${crypto
      .randomBytes(4)
      .toString('hex')}`;
    const writer = new ConcurrentWriter(options, server, configurationName);
    handle.writer = writer;
    const [resource, subresource] = options.resource.split('/');
    await KubernetesObjectApi.makeApiClient(options.kubeConfig).create({
      apiVersion: 'admissionregistration.k8s.io/v1',
      kind: 'ValidatingWebhookConfiguration',
      metadata: { name: configurationName },
      webhooks: [
        {
          name: 'concurrent-writer.flotilla.test',
          clientConfig: {
            url: `https://127.0.0.1:${port}/validate`,
            caBundle: cert.toString('base64'),
          },
          rules: [
            {
              apiGroups: [options.apiGroup],
              apiVersions: ['*'],
              resources: [
                subresource ? `${resource}/${subresource}` : resource,
              ],
              // A create too: the backend creates the object when absent.
              operations: ['CREATE', 'UPDATE'],
              scope: '*',
            },
          ],
          admissionReviewVersions: ['v1'],
          sideEffects: 'None',
          failurePolicy: 'Ignore',
          timeoutSeconds: 15,
        },
      ],
    } as any);
    return writer;
  }

  private async review(request: any) {
    const user: string = request.userInfo?.username ?? '';
    const matches =
      request.name === this.options.name &&
      (this.options.namespace ?? '') === (request.namespace ?? '');
    if (!matches) return;
    this.seen.push({ user, operation: request.operation });
    if (user !== BACKEND_USER || this.interfered) return;
    this.interfered = true;
    try {
      await this.options.write();
    } catch (error) {
      this.writeError = error as Error;
    }
  }

  /**
   * Waits until the API server calls the webhook (it loads webhook
   * configurations asynchronously): repeats the write, as the operator,
   * until the webhook has seen one.
   */
  async waitUntilActive(timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.seen.some(s => s.user !== BACKEND_USER)) {
      if (Date.now() > deadline) {
        throw new Error(
          `the API server never called the concurrent writer's webhook for ${this.options.resource} ${this.options.name}`,
        );
      }
      await (this.options.probe ?? this.options.write)();
      await new Promise(resolve => setTimeout(resolve, 250));
    }
  }

  /** The concurrent write's own failure, if it failed (the test should not pass then). */
  assertWrote(): void {
    if (this.writeError) throw this.writeError;
    if (!this.interfered) {
      throw new Error(
        `the backend never updated ${this.options.resource} ${
          this.options.name
        }; seen: ${JSON.stringify(this.seen)}`,
      );
    }
  }

  async stop(): Promise<void> {
    await KubernetesObjectApi.makeApiClient(this.options.kubeConfig)
      .delete({
        apiVersion: 'admissionregistration.k8s.io/v1',
        kind: 'ValidatingWebhookConfiguration',
        metadata: { name: this.configurationName },
      } as any)
      .catch(() => undefined);
    await new Promise(resolve => this.server.close(resolve));
  }
}
