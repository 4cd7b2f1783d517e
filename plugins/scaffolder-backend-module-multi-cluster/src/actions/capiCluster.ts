import { createTemplateAction } from '@backstage/plugin-scaffolder-node';
import {
  CapiClusterInput,
  generateCapiCluster,
} from '@flotilla/plugin-multi-cluster-common';
import { examples } from './capiCluster.examples';
import {
  commonInputDescriptions,
  generateOrThrow,
  withoutBlanks,
  writeManifests,
} from './util';

/**
 * ID of the Cluster API action.
 *
 * @public
 */
export const CAPI_CLUSTER_ACTION_ID = 'multicluster:capi:cluster';

/**
 * `multicluster:capi:cluster`: Cluster API manifests of one workload
 * cluster (AWS, GCP, Azure or Docker; v1beta2 or v1beta1; classic or
 * ClusterClass topology).
 *
 * @public
 */
export function createCapiClusterAction() {
  return createTemplateAction({
    id: CAPI_CLUSTER_ACTION_ID,
    description:
      'Generates Cluster API manifests (Cluster, KubeadmControlPlane, KubeadmConfigTemplate, MachineDeployments and the provider objects, or a ClusterClass-based Cluster) and writes them into the workspace.',
    examples,
    supportsDryRun: true,
    schema: {
      input: z =>
        z.object({
          name: z
            .string()
            .describe('Cluster name (RFC 1123 label, at most 63 characters)'),
          namespace: z
            .string()
            .optional()
            .describe(
              'Namespace of the Cluster API objects (default: default)',
            ),
          provider: z
            .enum(['aws', 'gcp', 'azure', 'docker'])
            .describe('Infrastructure provider'),
          apiVersion: z
            .enum(['v1beta2', 'v1beta1'])
            .optional()
            .describe('Cluster API version (default: v1beta2)'),
          kubernetesVersion: z
            .string()
            .describe('Kubernetes version such as v1.31.2'),
          region: z
            .string()
            .optional()
            .describe(
              'Cloud region (AWS region, GCP region, Azure location); required except for docker',
            ),
          controlPlane: z
            .object({
              replicas: z
                .number()
                .int()
                .describe('Control-plane machines: 1, 3, 5 or 7'),
              machineType: z
                .string()
                .optional()
                .describe('Instance type / VM size'),
            })
            .describe('Control plane'),
          workers: z
            .array(
              z.object({
                name: z.string().describe('Pool name (RFC 1123 label)'),
                replicas: z
                  .number()
                  .int()
                  .describe('Machines in the pool (0-1000)'),
                machineType: z
                  .string()
                  .optional()
                  .describe('Instance type / VM size'),
                class: z
                  .string()
                  .optional()
                  .describe('Topology only: MachineDeployment class'),
                failureDomain: z
                  .string()
                  .optional()
                  .describe('Failure domain (zone)'),
                labels: z
                  .record(z.string())
                  .optional()
                  .describe('Labels of the pool machines'),
              }),
            )
            .describe('Worker pools, one MachineDeployment each'),
          podCidrs: z
            .array(z.string())
            .optional()
            .describe('Pod CIDR blocks (default 192.168.0.0/16)'),
          serviceCidrs: z
            .array(z.string())
            .optional()
            .describe('Service CIDR blocks (default 10.96.0.0/12)'),
          serviceDomain: z
            .string()
            .optional()
            .describe('Service DNS domain (default cluster.local)'),
          apiServerPort: z
            .number()
            .int()
            .optional()
            .describe('API server port'),
          controlPlaneEndpoint: z
            .object({ host: z.string(), port: z.number().int().optional() })
            .optional()
            .describe('Fixed control-plane endpoint'),
          labels: z
            .record(z.string())
            .optional()
            .describe('Extra labels for every object'),
          annotations: z
            .record(z.string())
            .optional()
            .describe('Annotations for the Cluster'),
          segmentation: z
            .object({
              environment: z.string().optional(),
              region: z.string().optional(),
              tenant: z.string().optional(),
              workloadClass: z.string().optional(),
            })
            .optional()
            .describe(
              'Fleet segmentation labels (flotilla.io/environment, region, tenant, workload-class; provider is set from provider)',
            ),
          audit: z
            .object({
              enabled: z.boolean().optional(),
              policyFile: z.string().optional(),
              logPath: z.string().optional(),
              // A template passes '' to leave it out (e.g. with a ClusterClass).
              maxAge: z.union([z.number().int(), z.literal('')]).optional(),
              // A template passes '' to leave it out (e.g. with a ClusterClass).
              maxBackup: z.union([z.number().int(), z.literal('')]).optional(),
              // A template passes '' to leave it out (e.g. with a ClusterClass).
              maxSize: z.union([z.number().int(), z.literal('')]).optional(),
              policy: z.record(z.unknown()).optional(),
            })
            .optional()
            .describe('API-server audit logging (on by default)'),
          topology: z
            .object({
              classRef: z.union([
                z.string(),
                z.object({
                  name: z.string(),
                  namespace: z.string().optional(),
                }),
              ]),
              workerClass: z.string().optional(),
              variables: z
                .array(z.object({ name: z.string(), value: z.unknown() }))
                .optional(),
              machineTypeVariable: z.string().optional(),
            })
            .optional()
            .describe(
              'Use the managed topology of a ClusterClass instead of individual objects',
            ),
          aws: z
            .object({
              sshKeyName: z.string().optional(),
              controlPlaneIamInstanceProfile: z.string().optional(),
              nodeIamInstanceProfile: z.string().optional(),
              ami: z.string().optional(),
            })
            .optional()
            .describe('AWS options'),
          gcp: z
            .object({
              project: z.string().optional(),
              network: z.string().optional(),
              image: z.string().optional(),
            })
            .optional()
            .describe('GCP options (project is required for gcp)'),
          azure: z
            .object({
              subscriptionId: z.string().optional(),
              resourceGroup: z.string().optional(),
              identityName: z.string().optional(),
              identityNamespace: z.string().optional(),
            })
            .optional()
            .describe('Azure options'),
          targetPath: z
            .string()
            .optional()
            .describe(commonInputDescriptions.targetPath),
          singleFile: z
            .boolean()
            .optional()
            .describe(commonInputDescriptions.singleFile),
        }),
      output: z =>
        z.object({
          manifest: z
            .string()
            .describe('The generated documents as one YAML text'),
          filePaths: z
            .array(z.string())
            .describe('Workspace-relative paths of the files written'),
        }),
    },
    async handler(ctx) {
      const { targetPath, singleFile, ...input } = withoutBlanks(ctx.input);
      // A form renders every provider's options object; the scaffolder drops
      // the keys left undefined, so an empty one means "no options".
      for (const provider of ['aws', 'gcp', 'azure'] as const) {
        const options = input[provider];
        if (options && Object.keys(options).length === 0)
          delete input[provider];
      }
      const manifests = generateOrThrow(() =>
        generateCapiCluster(input as unknown as CapiClusterInput),
      );
      const written = await writeManifests({
        workspacePath: ctx.workspacePath,
        manifests,
        targetPath,
        singleFile,
        singleFileName: `capi-cluster-${input.name}.yaml`,
      });
      ctx.logger.info(
        `${ctx.isDryRun ? '[dry run] ' : ''}Wrote ${
          manifests.length
        } Cluster API documents for ${input.name} to ${written.filePaths.join(
          ', ',
        )}`,
      );
      ctx.output('manifest', written.manifest);
      ctx.output('filePaths', written.filePaths);
    },
  });
}
