export { permissionModuleFlotillaPolicy as default } from './module';
export { FlotillaPermissionPolicy } from './FlotillaPermissionPolicy';
export type { FlotillaPermissionPolicyOptions } from './FlotillaPermissionPolicy';
