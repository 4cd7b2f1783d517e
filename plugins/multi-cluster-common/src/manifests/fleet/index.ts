export {
  FLEET_API_VERSION,
  fleetGitRepoInputSchema,
  generateFleetGitRepo,
} from './gitRepo';
export type { FleetGitRepoInput, FleetGitRepoResult } from './gitRepo';
