/** Bounds on what one ManagedCluster may bring in. */
export const OCM_LIMITS = {
  /** Labels kept per cluster (Kubernetes sets none; a cluster has dozens). */
  labels: 100,
  /** Claims kept per cluster (OCM's agent caps custom claims at 20). */
  claims: 50,
  taints: 20,
  /** A qualified name is at most 253 + 1 + 63 characters. */
  keyLength: 317,
  /** Claim values may be up to 1024 characters in OCM. */
  valueLength: 1024,
  /** Condition reasons and messages, and the API server URL. */
  textLength: 1024,
  /** ManagedClusters read from one hub. */
  clusters: 10_000,
} as const;
