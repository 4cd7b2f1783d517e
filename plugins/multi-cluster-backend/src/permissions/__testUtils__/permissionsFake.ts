import { PermissionsRegistryService } from '@backstage/backend-plugin-api';
import { mockServices } from '@backstage/backend-test-utils';
import {
  AuthorizeResult,
  PolicyDecision,
} from '@backstage/plugin-permission-common';
import { PermissionRule } from '@backstage/plugin-permission-node';
import { FleetInventoryService } from '../../inventory/FleetInventory';
import { FleetCluster } from '@flotilla/plugin-multi-cluster-node';
import { ClusterPermissions } from '../ClusterPermissions';
import { registerPermissions } from '../registerPermissions';

type ClusterRule = PermissionRule<FleetCluster, unknown, string>;

/**
 * A registry that keeps what `registerPermissions` registers and answers
 * `getPermissionRuleset` with it, as the permissions registry does.
 */
function recordingRegistry(): PermissionsRegistryService {
  const rules = new Map<string, ClusterRule>();
  return {
    addResourceType: (resource: { rules: ClusterRule[] }) =>
      resource.rules.forEach(rule => rules.set(rule.name, rule)),
    addPermissions: () => {},
    addPermissionRules: () => {},
    getPermissionRuleset: () => ({
      getRuleByName: (name: string) => {
        const rule = rules.get(name);
        if (!rule) {
          throw new Error(`Permission rule '${name}' does not exist`);
        }
        return rule;
      },
    }),
  } as unknown as PermissionsRegistryService;
}

/**
 * `ClusterPermissions` over a mocked permissions service and the plugin's
 * registered rules; `decide` sets the decision of every request.
 */
export function clusterPermissionsFake(clusters: FleetCluster[] = []) {
  const permissions = mockServices.permissions.mock();
  const registry = recordingRegistry();
  registerPermissions(registry, {
    getCluster: async (name: string) => clusters.find(c => c.name === name),
  } as unknown as FleetInventoryService);
  const decide = (basic: PolicyDecision, conditional = basic) => {
    permissions.authorize.mockImplementation(async requests =>
      requests.map(() => basic as { result: AuthorizeResult.ALLOW }),
    );
    permissions.authorizeConditional.mockImplementation(async requests =>
      requests.map(() => conditional),
    );
  };
  decide({ result: AuthorizeResult.ALLOW });
  return {
    permissions,
    clusterPermissions: new ClusterPermissions(permissions, registry),
    decide,
  };
}

/** A CONDITIONAL decision: clusters labelled `environment=<environment>`. */
export function onlyEnvironment(environment: string): PolicyDecision {
  return {
    result: AuthorizeResult.CONDITIONAL,
    pluginId: 'multi-cluster',
    resourceType: 'multi-cluster-cluster',
    conditions: {
      rule: 'HAS_LABEL',
      resourceType: 'multi-cluster-cluster',
      params: { key: 'environment', value: environment },
    },
  };
}

/** A fleet of three clusters: two prod (eu, us), one staging. */
export const testFleet = [
  {
    name: 'prod-eu',
    labels: { environment: 'prod' },
    region: 'eu-west-1',
    provider: 'aws',
    capacity: { allocatable: { cpu: '4' } },
  },
  {
    name: 'prod-us',
    labels: { environment: 'prod' },
    region: 'us-east-1',
    provider: 'gcp',
    capacity: { allocatable: { cpu: '4' } },
  },
  {
    name: 'staging-eu',
    labels: { environment: 'staging' },
    region: 'eu-west-1',
    provider: 'aws',
    capacity: { allocatable: { cpu: '4' } },
  },
] as unknown as FleetCluster[];
