/**
 * Karmada's karmada-aggregated-apiserver, as the local control plane needs
 * it: `cluster.karmada.io/v1alpha1` behind the kube-apiserver aggregation
 * layer (APIService `v1alpha1.cluster.karmada.io`). Discovery; Clusters
 * (cluster-scoped) list / get / watch / create / update / patch / delete;
 * the `status` subresource; the `proxy` subresource to the member. Callers
 * are verified as a delegating server verifies them (front-proxy client
 * certificate, user in X-Remote-*, SubjectAccessReview).
 */
import fs from 'node:fs';
import http2 from 'node:http2';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { ApiError, CLUSTER_GROUP, failure, success } from './apiStatus';
import { ClusterStorage } from './clusterStorage';
import { serveClusterWatch } from './clusterWatch';
import type { Cluster } from './clusterTypes';
import {
  breakOff,
  credentialsFor,
  forwardToCluster,
  SecretReader,
} from './clusterProxy';
import {
  Authorizer,
  forbidden,
  peerOf,
  UserInfo,
  userFromRequestHeaders,
} from './requestAuth';

import {
  GROUP_VERSION,
  Route,
  routeOf,
  attributesOf,
} from './aggregatedRoutes';
import {
  distinctHeaders,
  sendJsonText,
  send,
  sendStatus,
  readJson,
} from './aggregatedHttp';
import {
  applyPatch,
  listMatcher,
  wantsTable,
  clusterTable,
} from './clusterQueries';

export { attributesOf, routeOf, type Route } from './aggregatedRoutes';
export { distinctHeaders } from './aggregatedHttp';
export { applyPatch, clusterTable, shortAge } from './clusterQueries';

export interface AggregatedApiServerOptions {
  port: number;
  /** PEM texts. */
  tls: {
    cert: string | Buffer;
    key: string | Buffer;
    frontProxyCa: string | Buffer;
  };
  storage: ClusterStorage;
  authorizer: Authorizer;
  readSecret: SecretReader;
  log: (message: string) => void;
}

export class AggregatedApiServer {
  private server?: http2.Http2SecureServer;
  private readonly connections = new Set<TLSSocket>();
  private readonly openWatches = new Set<ServerResponse>();
  /**
   * Each stored Cluster's JSON: controllers list a thousand Clusters every
   * few seconds, and most have not changed since the last list (a write
   * stores a new object, so an entry never outlives its version).
   */
  private readonly clusterJson = new WeakMap<object, string>();

  private jsonOf(cluster: Readonly<Cluster>): string {
    let text = this.clusterJson.get(cluster);
    if (text === undefined) {
      text = JSON.stringify(cluster);
      this.clusterJson.set(cluster, text);
    }
    return text;
  }

  constructor(private readonly options: AggregatedApiServerOptions) {}

  async start(): Promise<number> {
    const { tls } = this.options;
    this.server = http2.createSecureServer(
      {
        cert: tls.cert,
        key: tls.key,
        ca: tls.frontProxyCa,
        // Verified per request: probes may come without a certificate.
        requestCert: true,
        rejectUnauthorized: false,
        // HTTP/2, as Karmada's Go server speaks it to the aggregation layer:
        // every proxied request shares one connection. Over HTTP/1.1 the
        // kube-apiserver opened a connection per concurrent request, and
        // with a thousand Clusters the TLS handshakes timed out (503).
        allowHTTP1: true,
        // Past Node's default (10 MB) a session refuses new streams
        // (ENHANCE_YOUR_CALM, a 503 to the caller); two lists of a
        // thousand Clusters being sent take about that much.
        maxSessionMemory: 512,
      },
      (h2Request, h2Response) => {
        // HTTP/1.1 callers get Node's usual objects; the handlers use only
        // what both kinds have (see distinctHeaders, breakOff).
        const request = h2Request as unknown as IncomingMessage;
        const response = h2Response as unknown as ServerResponse;
        this.handle(request, response).catch(error => {
          if (!response.headersSent) {
            sendStatus(
              response,
              error instanceof ApiError
                ? error.status
                : failure(500, (error as Error).message),
            );
          } else breakOff(response);
          if (!(error instanceof ApiError)) {
            this.options.log(
              `karmada-aggregated-apiserver: ${request.method} ${
                request.url
              }: ${(error as Error).stack}`,
            );
          }
        });
      },
    );
    this.server.on('secureConnection', (socket: TLSSocket) => {
      this.connections.add(socket);
      socket.once('close', () => this.connections.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(this.options.port, '127.0.0.1', () => resolve());
    });
    return (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    for (const watch of this.openWatches) watch.end();
    const server = this.server;
    if (server) {
      await new Promise<void>(resolve => {
        server.close(() => resolve());
        for (const socket of this.connections) socket.destroy();
      });
    }
    this.options.storage.flush();
  }

  private async handle(
    request: IncomingMessage,
    response: ServerResponse,
  ): Promise<void> {
    const url = new URL(request.url ?? '/', 'https://localhost');
    const method = (request.method ?? 'GET').toUpperCase();
    const route = routeOf(url.pathname, url.searchParams);
    if (route.kind === 'health') {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('ok');
      return;
    }
    const user = userFromRequestHeaders(
      distinctHeaders(request),
      peerOf(request),
    );
    const attributes = attributesOf(method, url.pathname, route)!;
    const decision = await this.options.authorizer.authorize(user, attributes);
    if (!decision.allowed) throw forbidden(user, attributes, decision.reason);
    switch (route.kind) {
      case 'discovery':
        if (method !== 'GET') {
          throw new ApiError(failure(405, 'method not allowed'));
        }
        send(response, 200, route.body);
        return;
      case 'collection':
        await this.serveCollection(
          method,
          route.watch,
          url,
          request,
          response,
          user,
        );
        return;
      case 'object':
        await this.serveObject(method, route, request, response, user);
        return;
      case 'proxy': {
        const cluster = this.options.storage.getStored(route.name);
        const credentials = await credentialsFor(
          cluster,
          this.options.readSecret,
        );
        await forwardToCluster({
          cluster,
          credentials,
          user,
          proxyPath: route.proxyPath,
          query: url.search,
          request,
          response,
        });
        return;
      }
      default:
        throw new ApiError(
          failure(404, 'the server could not find the requested resource'),
        );
    }
  }

  private async serveCollection(
    method: string,
    watch: boolean,
    url: URL,
    request: IncomingMessage,
    response: ServerResponse,
    user: UserInfo,
  ): Promise<void> {
    const { storage } = this.options;
    if (method === 'GET' && watch) {
      serveClusterWatch(
        this.options.storage,
        this.openWatches,
        url.searchParams,
        response,
      );
    } else if (method === 'GET') {
      const matches = listMatcher(url.searchParams);
      const items = storage.listStored().filter(matches);
      const resourceVersion = storage.currentResourceVersion();
      if (wantsTable(request)) {
        send(response, 200, clusterTable(items, resourceVersion));
        return;
      }
      // The list as JSON.stringify would write it, from each Cluster's
      // JSON made once per version.
      sendJsonText(
        response,
        200,
        `{"apiVersion":${JSON.stringify(
          GROUP_VERSION,
        )},"kind":"ClusterList","metadata":{"resourceVersion":${JSON.stringify(
          resourceVersion,
        )}},"items":[${items.map(c => this.jsonOf(c)).join(',')}]}`,
      );
    } else if (method === 'POST') {
      const created = storage.create((await readJson(request)) as Cluster);
      this.options.log(
        `karmada-aggregated-apiserver: ${user.name} created Cluster ${created.metadata.name}`,
      );
      send(response, 201, created);
    } else {
      throw new ApiError(
        failure(405, `${method} is not supported on the clusters collection`),
      );
    }
  }

  private async serveObject(
    method: string,
    route: Extract<Route, { kind: 'object' }>,
    request: IncomingMessage,
    response: ServerResponse,
    user: UserInfo,
  ): Promise<void> {
    const { storage } = this.options;
    const { name, subresource } = route;
    switch (method) {
      case 'GET':
      case 'HEAD': {
        const cluster = storage.get(name);
        return send(
          response,
          200,
          wantsTable(request) && !subresource
            ? clusterTable([cluster], cluster.metadata.resourceVersion ?? '')
            : cluster,
        );
      }
      case 'PUT': {
        const body = (await readJson(request)) as Partial<Cluster> | null;
        if (body?.metadata?.name && body.metadata.name !== name) {
          throw new ApiError(
            failure(
              400,
              `the name of the object (${body.metadata.name}) does not match the name on the URL (${name})`,
            ),
          );
        }
        const updated = storage.update(
          { ...body, metadata: { ...body?.metadata, name } } as Cluster,
          subresource,
        );
        return send(response, 200, updated);
      }
      case 'PATCH': {
        const body = await readJson(request);
        const contentType = String(request.headers['content-type'] ?? '');
        const patched = storage.patch(
          name,
          current => applyPatch(current, contentType, body),
          subresource,
        );
        return send(response, 200, patched);
      }
      case 'DELETE': {
        if (subresource)
          throw new ApiError(
            failure(405, 'the status subresource cannot be deleted'),
          );
        const options = (await readJson(request)) as {
          preconditions?: { uid?: string; resourceVersion?: string };
        } | null;
        const { deleted, object } = storage.delete(
          name,
          options?.preconditions ?? {},
        );
        this.options.log(
          `karmada-aggregated-apiserver: ${user.name} deleted Cluster ${name}${
            deleted ? '' : ' (finalizers pending)'
          }`,
        );
        return deleted
          ? send(
              response,
              200,
              success({ name, group: CLUSTER_GROUP, kind: 'clusters' }),
            )
          : send(response, 202, object);
      }
      default:
        throw new ApiError(failure(405, `${method} is not supported`));
    }
  }

  /** Newline-delimited watch events, from `resourceVersion` on. */
}

/** The serving material fleet.js wrote for this server, and the front-proxy CA. */
export function readServingTls(karmadaPkiDir: string) {
  const read = (name: string) =>
    fs.readFileSync(path.join(karmadaPkiDir, name));
  return {
    cert: read('aggregated-apiserver.crt'),
    key: read('aggregated-apiserver.key'),
    frontProxyCa: read('front-proxy-ca.crt'),
  };
}
