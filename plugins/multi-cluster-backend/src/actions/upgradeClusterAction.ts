import { ActionsRegistryService } from '@backstage/backend-plugin-api/alpha';
import { MultiClusterServices } from '../service/createServices';
import { requireUser, toJson } from './util';

/** `multi-cluster:upgrade-cluster` */
export function registerUpgradeClusterAction(
  actions: ActionsRegistryService,
  services: Pick<MultiClusterServices, 'lifecycle'>,
) {
  actions.register({
    name: 'upgrade-cluster',
    title: 'Upgrade a cluster Kubernetes version',
    description:
      'Upgrades a Cluster API cluster to a Kubernetes version (topology version or KubeadmControlPlane spec.version), one minor version at a time, no downgrades. Requires the multi-cluster.cluster.upgrade permission.',
    attributes: { readOnly: false, destructive: true, idempotent: true },
    schema: {
      input: z =>
        z.object({
          cluster: z.string().min(1),
          version: z
            .string()
            .regex(/^v?\d+\.\d+\.\d+([-+][0-9A-Za-z.-]+)?$/)
            .describe('Target version, e.g. v1.32.1'),
        }),
      output: z =>
        z.object({
          cluster: z.string(),
          target: z.string(),
          objectName: z.string(),
          previousVersion: z.string().optional(),
          version: z.string(),
          resourceVersion: z.string().optional(),
          attempts: z.number(),
          source: z.string(),
        }),
    },
    action: async ({ input, credentials }) => {
      requireUser(credentials);
      const result = await services.lifecycle.upgrade(
        input.cluster,
        { version: input.version },
        { credentials },
      );
      return { output: toJson(result) };
    },
  });
}
