/**
 * Manifest generators: pure functions from short, validated inputs to
 * Kubernetes objects for Cluster API, Karmada, Argo CD, Rancher Fleet, the
 * MCS API and kubefed migrations, plus their YAML serialisation.
 */
export * from './types';
export * from './yaml';
export * from './validation';
export * from './capi';
export * from './karmada';
export * from './argocd';
export * from './fleet';
export * from './mcs';
export * from './kubefed';
