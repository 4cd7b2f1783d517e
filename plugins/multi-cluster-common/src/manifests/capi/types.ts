/**
 * Input of the Cluster API generator, with its validation rules.
 */
import { z } from 'zod';
import {
  annotationsSchema,
  cidrBlocksSchema,
  kubernetesVersionSchema,
  labelsSchema,
  portSchema,
  rfc1123LabelSchema,
  rfc1123SubdomainSchema,
} from '../validation/schemas';
import {
  auditSchema,
  blankAsAbsent,
  machineTypeSchema,
  regionSchema,
  segmentValueSchema,
  topologySchema,
} from './fieldSchemas';
import { checkCapiClusterInput } from './inputRules';
import { CAPI_PROVIDERS } from './versions';

/**
 * Largest control plane the generator accepts (etcd quorum sizes 1..7).
 *
 * @public
 */
export const MAX_CONTROL_PLANE_REPLICAS = 7;
/**
 * Largest worker pool the generator accepts.
 *
 * @public
 */
export const MAX_WORKER_REPLICAS = 1000;
/**
 * Most worker pools per cluster.
 *
 * @public
 */
export const MAX_WORKER_POOLS = 20;

/** @public */
export const DEFAULT_POD_CIDRS = ['192.168.0.0/16'];
/** @public */
export const DEFAULT_SERVICE_CIDRS = ['10.96.0.0/12'];
/** @public */
export const DEFAULT_SERVICE_DOMAIN = 'cluster.local';

export { SEGMENTATION_LABELS } from './segmentationLabels';

const workerSchema = z
  .object({
    name: rfc1123LabelSchema('worker pool name'),
    replicas: z
      .number({
        required_error: 'replicas is required',
        invalid_type_error: 'replicas must be a number',
      })
      .int('replicas must be an integer')
      .min(0, 'worker replicas must be at least 0')
      .max(
        MAX_WORKER_REPLICAS,
        `worker replicas must be at most ${MAX_WORKER_REPLICAS}`,
      ),
    machineType: blankAsAbsent(machineTypeSchema),
    /** Managed topology only: the MachineDeployment class of the ClusterClass. */
    class: z.string().min(1).max(256).optional(),
    /** Failure domain (availability zone) to place the pool in. */
    failureDomain: z.string().min(1).max(256).optional(),
    /** Labels for the pool's Machines (propagated to Nodes when prefixed node-role.kubernetes.io or node.cluster.x-k8s.io). */
    labels: labelsSchema.optional(),
  })
  .strict();

const capiClusterFieldsSchema = z
  .object({
    name: rfc1123LabelSchema('name'),
    namespace: rfc1123LabelSchema('namespace').default('default'),
    provider: z.enum(CAPI_PROVIDERS as [string, ...string[]], {
      errorMap: () => ({
        message: `provider must be one of ${CAPI_PROVIDERS.join(', ')}`,
      }),
    }) as z.ZodType<'aws' | 'gcp' | 'azure' | 'docker'>,
    apiVersion: z
      .enum(['v1beta2', 'v1beta1'], {
        errorMap: () => ({ message: 'apiVersion must be v1beta2 or v1beta1' }),
      })
      .default('v1beta2'),
    kubernetesVersion: kubernetesVersionSchema,
    region: blankAsAbsent(regionSchema),
    controlPlane: z
      .object({
        replicas: z
          .number({
            required_error: 'controlPlane.replicas is required',
            invalid_type_error: 'controlPlane.replicas must be a number',
          })
          .int('controlPlane.replicas must be an integer')
          .min(1, 'controlPlane.replicas must be at least 1')
          .max(
            MAX_CONTROL_PLANE_REPLICAS,
            `controlPlane.replicas must be at most ${MAX_CONTROL_PLANE_REPLICAS}`,
          )
          .refine(
            n => n % 2 === 1,
            'controlPlane.replicas must be odd (1, 3, 5 or 7) so that etcd keeps quorum',
          ),
        machineType: blankAsAbsent(machineTypeSchema),
      })
      .strict(),
    workers: z
      .array(workerSchema)
      .max(MAX_WORKER_POOLS, `at most ${MAX_WORKER_POOLS} worker pools`)
      .default([]),
    podCidrs: cidrBlocksSchema('podCidrs').default(DEFAULT_POD_CIDRS),
    serviceCidrs: cidrBlocksSchema('serviceCidrs').default(
      DEFAULT_SERVICE_CIDRS,
    ),
    serviceDomain: rfc1123SubdomainSchema('serviceDomain').default(
      DEFAULT_SERVICE_DOMAIN,
    ),
    apiServerPort: portSchema.optional(),
    controlPlaneEndpoint: z
      .object({
        host: z
          .string()
          .min(1)
          .max(512)
          .regex(
            /^[A-Za-z0-9.:\-[\]]+$/,
            'controlPlaneEndpoint.host must be a host name or IP address',
          ),
        port: portSchema.default(6443),
      })
      .strict()
      .optional(),
    labels: labelsSchema.optional(),
    annotations: annotationsSchema.optional(),
    segmentation: z
      .object({
        environment: segmentValueSchema('segmentation.environment').optional(),
        region: segmentValueSchema('segmentation.region').optional(),
        tenant: segmentValueSchema('segmentation.tenant').optional(),
        workloadClass: segmentValueSchema(
          'segmentation.workloadClass',
        ).optional(),
      })
      .strict()
      .optional(),
    audit: auditSchema.optional(),
    topology: topologySchema.optional(),
    aws: z
      .object({
        sshKeyName: z.string().min(1).max(255).optional(),
        controlPlaneIamInstanceProfile: z.string().min(1).max(128).optional(),
        nodeIamInstanceProfile: z.string().min(1).max(128).optional(),
        ami: z
          .string()
          .regex(
            /^ami-[0-9a-f]{8,17}$/,
            'aws.ami must look like ami-0123456789abcdef0',
          )
          .optional(),
      })
      .strict()
      .optional(),
    gcp: z
      .object({
        project: z
          .string({ required_error: 'gcp.project is required' })
          .regex(
            /^[a-z][-a-z0-9]{4,28}[a-z0-9]$/,
            'gcp.project must be a GCP project ID (6-30 lowercase letters, digits and -)',
          ),
        network: rfc1123LabelSchema('gcp.network').optional(),
        image: z.string().min(1).max(512).optional(),
      })
      .strict()
      .optional(),
    azure: z
      .object({
        subscriptionId: z
          .string()
          .regex(
            /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/,
            'azure.subscriptionId must be a GUID',
          )
          .optional(),
        resourceGroup: z
          .string()
          .regex(
            /^[-\w.()]{1,89}[-\w()]$/,
            'azure.resourceGroup must be an Azure resource group name',
          )
          .optional(),
        identityName:
          rfc1123SubdomainSchema('azure.identityName').default(
            'cluster-identity',
          ),
        identityNamespace: rfc1123LabelSchema(
          'azure.identityNamespace',
        ).optional(),
      })
      .strict()
      .optional(),
  })
  .strict();

/** The input's fields as parsed, before the cross-field rules. */
export type CapiClusterFields = z.output<typeof capiClusterFieldsSchema>;

/**
 * Raw input accepted by {@link capiClusterInputSchema}.
 *
 * @public
 */
export const capiClusterInputSchema = capiClusterFieldsSchema.superRefine(
  checkCapiClusterInput,
);

/**
 * Input of {@link generateCapiCluster}, as written by a caller.
 *
 * @public
 */
export type CapiClusterInput = z.input<typeof capiClusterInputSchema>;
/**
 * Input of {@link generateCapiCluster} after validation and defaults.
 *
 * @public
 */
export type NormalizedCapiClusterInput = z.output<
  typeof capiClusterInputSchema
>;
