import { HumanDuration } from '@backstage/types';

/**
 * How Flotilla authenticates to a cluster: the Kubernetes plugin's
 * vocabulary (`authProvider` and its fields), plus client certificates.
 */
interface ClusterCredentialsConfig {
  /**
   * `serviceAccount`, `clientCertificate`, `aws`, `google`,
   * `googleServiceAccount`, `azure`, `aks`, `oidc`, `localKubectlProxy`, or a
   * module's strategy. Default: `clientCertificate` when a certificate is
   * given, else `serviceAccount`.
   */
  authProvider?: string;
  /** A PEM CA bundle file, read on every connection. */
  caFile?: string;
  /**
   * Client certificate, base64 PEM (kubeconfig `client-certificate-data`).
   * @visibility secret
   */
  clientCertData?: string;
  /**
   * Client key, base64 PEM (kubeconfig `client-key-data`).
   * @visibility secret
   */
  clientKeyData?: string;
  /** Client certificate PEM file (re-read when it rotates). */
  clientCertFile?: string;
  /** Client key PEM file. */
  clientKeyFile?: string;
  /** `aws`: the role to assume. */
  assumeRole?: string;
  /** `aws`: the external id of the role. */
  externalId?: string;
  /** `oidc`: the Backstage auth provider of the user's token (e.g. `okta`). */
  oidcTokenProvider?: string;
  /** More `authMetadata` for the strategy (e.g. `kubernetes.io/x-k8s-aws-id`). */
  authMetadata?: { [key: string]: string };
}

/**
 * A `multiCluster.traffic.providers[]` entry of `type: route53`: the
 * failover or weighted record sets of the service's record (its DNS name)
 * in one hosted zone, one set per cluster. Credentials: the AWS SDK's
 * default provider chain, or `roleArn` assumed with it.
 */
interface Route53TrafficProviderConfig {
  name: string;
  type: 'route53';
  /** The hosted zone, e.g. `Z0123456789ABC`. */
  hostedZoneId: string;
  /** `failover`: PRIMARY/SECONDARY sets; `weighted`: one weighted set per cluster. */
  mode: 'failover' | 'weighted';
  /** The region the API is signed for. Default: us-east-1. */
  region?: string;
  /** A role to assume (STS) with the default chain's credentials. */
  roleArn?: string;
  /** cluster → SetIdentifier, where they differ. Default: the SetIdentifier is the cluster's name. */
  clusters?: { [cluster: string]: string };
  /** How long a shift or restore waits for the change to be INSYNC. Default: 3 minutes. */
  syncTimeout?: HumanDuration | string;
  /** How often GetChange is asked meanwhile. Default: 5 seconds. */
  syncPollInterval?: HumanDuration | string;
}

/**
 * A `multiCluster.traffic.providers[]` entry of `type: global-accelerator`:
 * the endpoints of one endpoint group (the service's record is its ARN).
 * Credentials as for route53; the API is called in us-west-2.
 */
interface GlobalAcceleratorTrafficProviderConfig {
  name: string;
  type: 'global-accelerator';
  /** cluster → endpoint id (a load balancer ARN, an EIP allocation id, an instance id). */
  clusters: { [cluster: string]: string };
  /** A role to assume (STS) with the default chain's credentials. */
  roleArn?: string;
}

/**
 * A `multiCluster.traffic.providers[]` entry of `type: cloudflare`: a
 * Cloudflare load balancer (the service's record is
 * `<zoneId>/<loadBalancerId>`) whose pools are the clusters.
 */
interface CloudflareTrafficProviderConfig {
  name: string;
  type: 'cloudflare';
  /**
   * An API token with Load Balancers edit on the zone (or account).
   * @visibility secret
   */
  apiToken: string;
  /** For account-level load balancers: the record is then the load balancer id alone. */
  accountId?: string;
  /** cluster → the id of the pool of its origins. */
  pools: { [cluster: string]: string };
}

/** The cloud types' entries of `multiCluster.traffic.providers[]`. */
type CloudTrafficProviderConfig =
  | Route53TrafficProviderConfig
  | GlobalAcceleratorTrafficProviderConfig
  | CloudflareTrafficProviderConfig;

export interface Config {
  kubernetes?: {
    clusterLocatorMethods?: Array<{
      clusters?: Array<
        ClusterCredentialsConfig & {
          /** Labels of the cluster; `flotilla.io/*` keys segment the fleet. */
          labels?: { [key: string]: string };
          /** Shorthand for the `flotilla.io/environment` label. */
          environment?: string;
          /** Shorthand for `flotilla.io/region` (default: the Nodes' topology). */
          region?: string;
          /** Shorthand for `flotilla.io/provider` (default: the Nodes' provider). */
          provider?: string;
          /** Shorthand for `flotilla.io/zones` (default: the Nodes' zones). */
          zones?: string[];
        }
      >;
    }>;
  };

  /**
   * Flotilla multi-cluster backend (fleet inventory, placement, lifecycle).
   */
  multiCluster?: {
    refresh?: {
      /** How often the fleet inventory refreshes. Default: 60 seconds. */
      frequency?: HumanDuration | string;
      /** Timeout of one refresh. Default: 5 minutes. */
      timeout?: HumanDuration | string;
      /**
       * The share of the event loop, 0.1 to 1, that a refresh's inspection
       * pass (connectivity and, over the live-read limit, the workload
       * census) may keep busy: above it, and while the plugin is
       * answering requests, the pass waits before its next cluster (at
       * most a second each) so requests are answered first. A pass over
       * hundreds of clusters would otherwise fill the loop and the control
       * planes a page reads, and every page would wait behind it. 1: the
       * pass never waits. Default: 0.5.
       */
      loopShare?: number;
    };
    timeouts?: {
      /**
       * Per-cluster timeout of requests to member clusters (entity placement,
       * workloads), in ms or as a duration. Default: 5 seconds.
       */
      clusterRequest?: number | HumanDuration | string;
      /** Timeout of one /readyz health check. Default: 3 seconds. */
      healthCheck?: number | HumanDuration | string;
      /** Timeout of one source (connector) listing. Default: 30 seconds. */
      connector?: number | HumanDuration | string;
      /**
       * How long credentials read from a Cluster API `<cluster>-kubeconfig`
       * Secret are used before the Secret is read again (it is also read
       * again after a 401). A revoked read of the Secret shows on the
       * cluster within this time. Default: 5 minutes.
       */
      kubeconfigMaxAge?: number | HumanDuration | string;
    };
    /** Maximum concurrent requests to member clusters, 1 to 1000. Default: 20. */
    concurrency?: number;
    /** Re-reads and retries after a 409 conflict before reporting it, 0 to 20. Default: 3. */
    conflictRetries?: number;
    /** Entity placement. */
    placement?: {
      /**
       * Fleets up to this many clusters are read live, every cluster for
       * every placement. A larger fleet has a workload census taken in each
       * inspection pass, and a placement reads only the clusters whose
       * census (at most three refresh intervals old, or two passes more
       * when a pass takes longer than that) shows the entity's
       * workloads, or that have none. Views that need only where a
       * service's dependencies run (its DR posture, its exposure) answer
       * from the census alone when it covers the fleet; failover plans
       * still read live. A whole number from 1; the backend refuses to
       * start with anything else. Default: 100.
       */
      liveReadLimit?: number;
      /**
       * How long placement advice reuses a cluster's live inputs (its Nodes
       * and Pods, its OpenCost answer) before reading them again in the
       * background, 0 to 1 day. Default: 60 s.
       */
      inputsMaxAge?: HumanDuration | string;
      /**
       * OpenCost, read on every cluster through its API service proxy
       * (`/api/v1/namespaces/{namespace}/services/{service}:{port}/proxy/allocation/compute`);
       * a cluster without it falls back to the price table. Unset: OpenCost
       * is not read. The backend's identity needs `get` on `services/proxy`.
       */
      openCost?: {
        /** Default: `opencost`. */
        namespace?: string;
        /** Default: `opencost`. */
        service?: string;
        /** Default: 9003 (OpenCost's API port). */
        port?: number | string;
        /** OpenCost's `window`: `30m`, `24h`, `7d`. Default: `1d`. */
        window?: string;
      };
      /**
       * Prices per Node hour by provider, region (optional: every region of
       * the provider) and the Nodes' `node.kubernetes.io/instance-type`; a
       * cluster's price per CPU-hour is its Nodes' prices over their cores.
       */
      prices?: Array<{
        provider: string;
        region?: string;
        instanceType: string;
        pricePerHour: number;
      }>;
      /**
       * User latency in milliseconds, cluster region -> user region -> ms,
       * e.g. `{ eu-west: { eu: 12, us: 85 } }`; shown as configured.
       */
      latency?: { [clusterRegion: string]: { [userRegion: string]: number } };
      /**
       * The worker threads that run placement work (simulate, recommend),
       * so a heavy request never holds up the backend's other requests.
       */
      workers?: {
        /** Default: the cores less one, at most 2 (at least 1). */
        threads?: number;
        /** Requests waiting for a worker; more are answered 503 with Retry-After. Default: 16. */
        queueLimit?: number;
        /** Requests of one user running or waiting; more are answered 429 with Retry-After. Default: 2. */
        perCallerLimit?: number;
        /** Work running longer is stopped (503), 1 s to 10 min. Default: 20 s. */
        taskTimeout?: HumanDuration | string;
      };
    };

    /** Clusters from the catalog (`Resource` with `spec.type: kubernetes-cluster`). */
    catalog?: {
      /** Default: true. */
      enabled?: boolean;
      /**
       * Extra catalog filters (all must match), e.g.
       * `[{ key: metadata.namespace, values: [fleet] }]`.
       */
      filter?: Array<{ key: string; value?: string; values?: string[] }>;
      /**
       * Token used for catalog clusters with `kubernetes.io/auth-provider:
       * serviceAccount` (defaults to the in-cluster service account token).
       * @visibility secret
       */
      serviceAccountToken?: string;
      /**
       * How often the catalog's cluster Resources are checked for changes
       * (their names and etags only). A change refreshes the inventory at
       * once, so clusters the catalog ingests after start-up, and edits to
       * their labels, reach placement without waiting for the next
       * refresh. Default: 10 seconds.
       */
      watchFrequency?: HumanDuration | string;
    };

    /** Karmada control planes. */
    karmada?: Array<
      {
        /** Name of the control plane (unique). */
        name: string;
        /** Karmada API server URL. */
        url: string;
        /**
         * The Karmada release the control plane runs, e.g. `v1.16.8`: the
         * placement preview reproduces that release's scheduler (a preview
         * naming no control plane uses the first one's). One of v1.16.3 to
         * v1.16.8, v1.17.0 to v1.17.5, v1.18.0 to v1.18.2; the backend refuses
         * to start with anything else. Default: the newest supported.
         */
        version?: string;
        /** Base64 PEM CA of the Karmada API server. */
        caData?: string;
        /**
         * Bearer token for the Karmada API server.
         * @visibility secret
         */
        token?: string;
        skipTLSVerify?: boolean;
      } & ClusterCredentialsConfig
    >;

    /** Cluster API management clusters. */
    clusterApi?: Array<
      {
        /** Name of the management cluster (unique). */
        name: string;
        url: string;
        caData?: string;
        /**
         * Bearer token for the management cluster.
         * @visibility secret
         */
        token?: string;
        skipTLSVerify?: boolean;
        /** Only watch these namespaces (default: all). */
        namespaces?: string[];
      } & ClusterCredentialsConfig
    >;

    /**
     * Open Cluster Management hubs: their ManagedClusters join the fleet
     * (source `ocm`) and their Placements show in entity placement. Read
     * only; OCM gives no credentials for the members.
     */
    ocm?: Array<
      {
        /** Name of the hub (unique). */
        name: string;
        /** The hub's API server URL. */
        url: string;
        /** Base64 PEM CA of the hub's API server. */
        caData?: string;
        /**
         * Bearer token for the hub (see deploy/rbac/ocm-hub.yaml).
         * @visibility secret
         */
        token?: string;
        skipTLSVerify?: boolean;
      } & ClusterCredentialsConfig
    >;

    /**
     * Detection: watches every cluster's health and each DR-declared
     * service's signals, and decides per service (see the README,
     * "Detection").
     */
    detection?: {
      /** Runs the detection task (once across backend replicas). Default false. */
      enabled?: boolean;
      /** How often detection observes and decides. Default 30s. */
      frequency?: HumanDuration | string;
      /** The least time between two failovers of one service. Default 30m. */
      minFailoverInterval?: HumanDuration | string;
      /** How long a cluster a service left stays healthy before failback. Default 10m. */
      failbackStabilization?: HumanDuration | string;
      /** Multiplies every service's toleration window (tests, drills). Default 1. */
      timeScale?: number;
      /**
       * How long one detection tick may run, and so how long a replica that
       * died mid-tick keeps the others from detecting. Default 4 times the
       * frequency, at least 2m.
       */
      timeout?: HumanDuration | string;
    };

    /**
     * Traffic providers (DNS, global load balancers) the failover runbook's
     * traffic step uses: a service names one in `flotilla.io/traffic-provider`
     * and its record in `flotilla.io/traffic-record`. Each entry is built at
     * startup by the factory of its `type`; an unknown type or a bad setting
     * stops the start. See the README, "Traffic providers".
     */
    traffic?: {
      providers?: Array<
        | CloudTrafficProviderConfig
        | {
            /** What services name (a DNS label). */
            name: string;
            /** `external-dns`, `webhook`, or a type a module added. */
            type: string;
            /** external-dns: the fleet cluster where external-dns reads its DNSEndpoints. */
            cluster?: string;
            /** external-dns: `weighted` (aws/weight per cluster) or `target` (one endpoint's targets). */
            mode?: string;
            /** external-dns: each fleet cluster's address (hostname or IP). */
            targets?: { [cluster: string]: string };
            /** external-dns, weighted: the weight of a cluster taking traffic with none. Default 100. */
            weight?: number;
            /** webhook: the URL shifts are POSTed to. */
            url?: string;
            /**
             * webhook: bearer token.
             * @visibility secret
             */
            token?: string;
            /** The settings of types modules add. */
            [setting: string]: unknown;
          }
      >;
    };

    /** Failover runbooks. */
    failover?: {
      /** Multiplies every step timeout, poll interval and backoff. Default 1. */
      timeScale?: number;
      /**
       * How often each backend replica looks for runs to claim even when
       * nothing told it to: a safety net. Replicas are woken at once when a
       * run is created, finished or released (PostgreSQL LISTEN/NOTIFY on
       * channel `multi_cluster_failover_work`, in-process on SQLite) and
       * when a lease they saw held expires. Default 30s.
       */
      pollInterval?: number | HumanDuration | string;
      /** Lease of a claimed run; another replica resumes it after. Default 60s. */
      leaseDuration?: number | HumanDuration | string;
      /** Runs one backend replica executes at once. Default 10. */
      concurrency?: number;
      /** First retry delay of a step, doubling per attempt (max 30s). Default 2s. */
      retryBackoff?: number | HumanDuration | string;
      /** Poll interval of the verify and Argo CD sync steps. Default 5s. */
      stepPollInterval?: number | HumanDuration | string;
      /**
       * Argo CD: its REST API for the gitops-sync step (`baseUrl` and
       * `token` together), and where its Applications live for the
       * gitops-pause and gitops-resume steps (`cluster`).
       */
      argocd?: {
        baseUrl?: string;
        /** @visibility secret */
        token?: string;
        /**
         * The cluster Argo CD keeps its Application objects on: a fleet
         * cluster or a `multiCluster.clusterApi` management cluster, by name.
         * Without it the runbook cannot pause an Argo CD automated sync and
         * says so (the pause step is skipped, or reports a warning finding
         * when it pauses Flux). Bind deploy/rbac/gitops-pause.yaml there.
         */
        cluster?: string;
        /** Namespace of the Applications (`flotilla.io/argocd-app` is a name in it). Default: argocd */
        namespace?: string;
      };
      /** Flux, for the gitops-pause and gitops-resume steps. */
      flux?: {
        /**
         * The cluster the Flux Kustomizations named by
         * `flotilla.io/flux-kustomization` (`namespace/name`) live on: a
         * fleet cluster or a `multiCluster.clusterApi` management cluster.
         * Without it the runbook cannot suspend them and says so.
         */
        cluster?: string;
      };
      /**
       * The traffic provider of services that name none (also the provider
       * `webhook` of `multiCluster.traffic.providers` unless one is so named);
       * without one their traffic step is skipped, visibly.
       */
      traffic?: {
        webhook?: {
          url: string;
          /** @visibility secret */
          token?: string;
        };
      };
      /**
       * @deprecated No longer used: the owners are told through Backstage's
       * notifications service; install
       * `@backstage/plugin-notifications-backend-module-slack` for Slack.
       * The backend warns at startup when this is still set.
       */
      slack?: {
        /** @visibility secret */
        webhookUrl: string;
      };
      /** The verify step's health probes (`flotilla.io/health-probe`). */
      healthProbe?: {
        /**
         * What `{fleet}` at the start of a probe template stands for: the
         * base URL of endpoints the fleet serves itself (the local fleet's
         * simulator writes it into its app-config). No default.
         */
        fleetUrl?: string;
      };
      /**
       * A PagerDuty incident per failover or rollback run (Events API v2):
       * triggered when the run starts executing, resolved when it
       * succeeds, left triggered (with an updated summary) when it fails
       * or is cancelled. Drills and dry runs are not paged.
       */
      pagerDuty?: {
        /**
         * The integration key of an Events API v2 integration.
         * @visibility secret
         */
        routingKey: string;
        /** Default https://events.pagerduty.com/v2/enqueue. */
        eventsUrl?: string;
        /** Default `critical`. */
        severity?: 'critical' | 'error' | 'warning' | 'info';
      };
      /**
       * An Atlassian Statuspage incident per failover or rollback run:
       * created when the run starts executing, resolved when it succeeds.
       * Drills and dry runs are not shown.
       */
      statusPage?: {
        pageId: string;
        /** @visibility secret */
        apiKey: string;
        /**
         * Statuspage component ids by the service's entity name, e.g.
         * `checkout: 8kbf7d35c070`: marked `partial_outage` while the run
         * executes and `operational` when it succeeded.
         */
        componentIds?: { [entityName: string]: string };
        /** Default https://api.statuspage.io. */
        apiUrl?: string;
      };
      /**
       * Region failovers ("storms"): how many of a storm's service moves
       * run at once. Its orchestrator polls and leases as the runs do
       * (`pollInterval`, `leaseDuration`).
       */
      storm?: {
        /** Children of one storm running at once. Default 10. */
        maxConcurrentRuns?: number;
        /** Runs moving replicas onto one cluster at once (all storms). Default 3. */
        maxRunsPerTargetCluster?: number;
      };
    };
    /**
     * Reading each reachable cluster's fabrics (Submariner, Istio, Cilium
     * Cluster Mesh, MCS), networks and Liqo/Admiralty virtual nodes during
     * the fleet refresh. Needs read access to those objects (and Secret
     * metadata in istio-system) for the plugin's credentials.
     */
    connectivity?: {
      /** Default: true */
      detect?: boolean;
      /** Time allowed per cluster. Default: 10 seconds. */
      timeout?: number | HumanDuration | string;
      /**
       * The longest a cluster goes without its connectivity (fabrics, MCS
       * exports, networks, virtual nodes) being read again, in ms or as a
       * duration. These change with an install, not with a refresh, and cost
       * a dozen requests per cluster: each refresh reads only its share of
       * the clusters, those read longest ago, and a cluster new to the fleet
       * at once. 0: every cluster on every refresh. Default: every refresh
       * for fleets up to `placement.liveReadLimit` clusters, 10 minutes for
       * larger ones.
       */
      interval?: number | HumanDuration | string;
    };
    /**
     * Fleet-wide add-ons (policy bundles such as Kyverno or Gatekeeper,
     * monitoring, ...) and how they reach clusters. The fleet page shows, per
     * add-on, which clusters carry it in sync, drifted or not at all.
     */
    addons?: Array<{
      /** Unique name, e.g. `kyverno-baseline`. */
      name: string;
      /** e.g. `policy`, `monitoring`, `networking`. */
      category?: string;
      /** Which clusters must carry the add-on. Default: every fleet cluster. */
      requiredOn?: {
        /**
         * Fleet cluster labels that must all match: a map, or, because config
         * keys cannot hold dots, `key=value,key2=value2` text.
         */
        matchLabels?: { [key: string]: string } | string;
      };
      delivery:
        | {
            /** An Argo CD ApplicationSet; its Applications are the deliveries. */
            type: 'argocd-applicationset';
            /**
             * Where Argo CD runs: a fleet cluster or a `multiCluster.clusterApi`
             * management cluster.
             */
            cluster: string;
            /** Namespace of the ApplicationSet. Default: argocd */
            namespace?: string;
            name: string;
          }
        | {
            /** A Rancher Fleet GitRepo; its BundleDeployments are the deliveries. */
            type: 'fleet-gitrepo';
            /** The Fleet management cluster (fleet cluster or management cluster). */
            cluster: string;
            /** The Fleet workspace. Default: fleet-default */
            namespace?: string;
            name: string;
          }
        | {
            /** A Karmada ClusterPropagationPolicy; its bindings are the deliveries. */
            type: 'karmada-clusterpropagationpolicy';
            /** Name of a `multiCluster.karmada` control plane. */
            controlPlane: string;
            name: string;
          };
    }>;
  };
}
