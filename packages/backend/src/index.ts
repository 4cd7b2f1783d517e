/*
 * The Flotilla demo backend: a standard Backstage backend (new backend system)
 * with the Flotilla multi-cluster plugin, its Scaffolder module, its catalog
 * module and its permission policy module, installed as any adopter would.
 */

import { createBackend } from '@backstage/backend-defaults';
import { kubernetesModuleClientCertificate } from './modules/kubernetesClientCertificate';
import { rootHttpRouterWithShortErrors } from './modules/shortErrorBodies';

const backend = createBackend();

// Every plugin's error answers stay short: no raw bodies echoed, no stacks
// outside development.
backend.add(rootHttpRouterWithShortErrors);

backend.add(import('@backstage/plugin-app-backend'));
backend.add(import('@backstage/plugin-proxy-backend'));

// scaffolder, with Flotilla's Cluster API / Karmada / Argo CD / Fleet / MCS actions
backend.add(import('@backstage/plugin-scaffolder-backend'));
backend.add(import('@backstage/plugin-scaffolder-backend-module-github'));
backend.add(
  import('@backstage/plugin-scaffolder-backend-module-notifications'),
);
backend.add(import('@flotilla/plugin-scaffolder-backend-module-multi-cluster'));

// auth: the guest provider signs the demo in; it refuses every sign-in
// outside NODE_ENV=development (unless dangerouslyAllowOutsideDevelopment).
// GitHub is the sign-in of app-config.production.yaml.
backend.add(import('@backstage/plugin-auth-backend'));
backend.add(import('@backstage/plugin-auth-backend-module-guest-provider'));
backend.add(import('@backstage/plugin-auth-backend-module-github-provider'));

// catalog
backend.add(import('@backstage/plugin-catalog-backend'));
backend.add(
  import('@backstage/plugin-catalog-backend-module-scaffolder-entity-model'),
);
backend.add(import('@backstage/plugin-catalog-backend-module-logs'));

// permissions, with Flotilla's policy (its README says how to replace it)
backend.add(import('@backstage/plugin-permission-backend'));
backend.add(
  import('@flotilla/plugin-permission-backend-module-multi-cluster-policy'),
);

// search
backend.add(import('@backstage/plugin-search-backend'));
backend.add(import('@backstage/plugin-search-backend-module-pg'));
backend.add(import('@backstage/plugin-search-backend-module-catalog'));
backend.add(import('@backstage/plugin-search-backend-module-techdocs'));
backend.add(import('@backstage/plugin-techdocs-backend'));

// kubernetes
backend.add(import('@backstage/plugin-kubernetes-backend'));
// The clusters Flotilla reads with client certificates, for the kubernetes plugin too.
backend.add(kubernetesModuleClientCertificate);

// Flotilla: fleet inventory, placement, failover and cluster lifecycle, and
// Karmada / Cluster API clusters as kubernetes-cluster catalog Resources
backend.add(import('@flotilla/plugin-multi-cluster-backend'));
backend.add(import('@flotilla/plugin-catalog-backend-module-multi-cluster'));
// A carbon intensity objective for placement advice (multiCluster.carbonIntensity)
backend.add(
  import('@flotilla/plugin-multi-cluster-backend-module-carbon-intensity'),
);

backend.add(import('@backstage/plugin-user-settings-backend'));
backend.add(import('@backstage/plugin-notifications-backend'));
backend.add(import('@backstage/plugin-signals-backend'));
backend.add(import('@backstage/plugin-mcp-actions-backend'));

backend.start();
