import {
  coreServices,
  createBackendModule,
} from '@backstage/backend-plugin-api';
import { policyExtensionPoint } from '@backstage/plugin-permission-node/alpha';
import { FlotillaPermissionPolicy } from './FlotillaPermissionPolicy';

/**
 * Installs {@link FlotillaPermissionPolicy} as the permission backend's policy.
 * The platform team is read from `flotilla.permission.platformOwners`
 * (default `group:default/platform-team`).
 */
export const permissionModuleFlotillaPolicy = createBackendModule({
  pluginId: 'permission',
  moduleId: 'flotilla-policy',
  register(reg) {
    reg.registerInit({
      deps: {
        policy: policyExtensionPoint,
        config: coreServices.rootConfig,
        userInfo: coreServices.userInfo,
      },
      async init({ policy, config, userInfo }) {
        const platformOwnerRefs = config.getOptionalStringArray(
          'flotilla.permission.platformOwners',
        ) ?? ['group:default/platform-team'];
        policy.setPolicy(
          new FlotillaPermissionPolicy({ platformOwnerRefs, userInfo }),
        );
      },
    });
  },
});
