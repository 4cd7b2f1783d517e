export * from './MultiClusterApi';
export { MultiClusterClient, type EntityName } from './MultiClusterClient';
export {
  userAuthProvidersOf,
  userClusterCredentialHeaders,
} from './userClusterCredentials';
