export { AddonCoverageService, describeDelivery } from './AddonCoverageService';
export type { AddonCoverageServiceOptions } from './AddonCoverageService';
export { ArgoCdApplicationSetSource } from './ArgoCdApplicationSetSource';
export { FleetGitRepoSource } from './FleetGitRepoSource';
export { KarmadaClusterPropagationSource } from './KarmadaClusterPropagationSource';
export { createAddonClientResolver } from './clientResolver';
export { readAddonsConfig } from './config';
export * from './types';
