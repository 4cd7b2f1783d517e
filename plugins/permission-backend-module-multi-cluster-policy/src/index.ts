/**
 * Flotilla's permission policy as a permission backend module: everyone
 * reads, only a service's owners fail it over, only the platform owners
 * scale, upgrade or delete clusters.
 *
 * @packageDocumentation
 */

export { permissionModuleMultiClusterPolicy as default } from './module';
export { MultiClusterPermissionPolicy } from './MultiClusterPermissionPolicy';
export type { MultiClusterPermissionPolicyOptions } from './MultiClusterPermissionPolicy';
