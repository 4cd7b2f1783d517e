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
import {
  awsOptionsSchema,
  azureOptionsSchema,
  gcpOptionsSchema,
} from './providerOptionSchemas';
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
    name: rfc1123LabelSchema('worker pool name').describe(
      'Pool name (RFC 1123 label)',
    ),
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
      )
      .describe('Machines in the pool (0-1000)'),
    machineType: blankAsAbsent(machineTypeSchema).describe(
      'Instance type / VM size',
    ),
    /** Managed topology only: the MachineDeployment class of the ClusterClass. */
    class: z
      .string()
      .min(1)
      .max(256)
      .optional()
      .describe('Topology only: MachineDeployment class'),
    /** Failure domain (availability zone) to place the pool in. */
    failureDomain: z
      .string()
      .min(1)
      .max(256)
      .optional()
      .describe('Failure domain (zone)'),
    /** Labels for the pool's Machines (propagated to Nodes when prefixed node-role.kubernetes.io or node.cluster.x-k8s.io). */
    labels: labelsSchema.optional().describe('Labels of the pool machines'),
  })
  .strict();

const capiClusterFieldsSchema = z
  .object({
    name: rfc1123LabelSchema('name').describe(
      'Cluster name (RFC 1123 label, at most 63 characters)',
    ),
    namespace: rfc1123LabelSchema('namespace')
      .default('default')
      .describe('Namespace of the Cluster API objects (default: default)'),
    provider: z
      .enum(CAPI_PROVIDERS as [string, ...string[]], {
        errorMap: () => ({
          message: `provider must be one of ${CAPI_PROVIDERS.join(', ')}`,
        }),
      })
      .describe('Infrastructure provider') as z.ZodType<
      'aws' | 'gcp' | 'azure' | 'docker'
    >,
    apiVersion: z
      .enum(['v1beta2', 'v1beta1'], {
        errorMap: () => ({ message: 'apiVersion must be v1beta2 or v1beta1' }),
      })
      .default('v1beta2')
      .describe('Cluster API version (default: v1beta2)'),
    kubernetesVersion: kubernetesVersionSchema.describe(
      'Kubernetes version such as v1.31.2',
    ),
    region: blankAsAbsent(regionSchema).describe(
      'Cloud region (AWS region, GCP region, Azure location); required except for docker',
    ),
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
          )
          .describe('Control-plane machines: 1, 3, 5 or 7'),
        machineType: blankAsAbsent(machineTypeSchema).describe(
          'Instance type / VM size',
        ),
      })
      .strict()
      .describe('Control plane'),
    workers: z
      .array(workerSchema)
      .max(MAX_WORKER_POOLS, `at most ${MAX_WORKER_POOLS} worker pools`)
      .describe('Worker pools, one MachineDeployment each')
      .default([]),
    podCidrs: cidrBlocksSchema('podCidrs')
      .default(DEFAULT_POD_CIDRS)
      .describe('Pod CIDR blocks (default 192.168.0.0/16)'),
    serviceCidrs: cidrBlocksSchema('serviceCidrs')
      .default(DEFAULT_SERVICE_CIDRS)
      .describe('Service CIDR blocks (default 10.96.0.0/12)'),
    serviceDomain: rfc1123SubdomainSchema('serviceDomain')
      .default(DEFAULT_SERVICE_DOMAIN)
      .describe('Service DNS domain (default cluster.local)'),
    apiServerPort: portSchema.optional().describe('API server port'),
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
      .optional()
      .describe('Fixed control-plane endpoint'),
    labels: labelsSchema.optional().describe('Extra labels for every object'),
    annotations: annotationsSchema
      .optional()
      .describe('Annotations for the Cluster'),
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
      .optional()
      .describe(
        'Fleet segmentation labels (flotilla.io/environment, region, tenant, workload-class; provider is set from provider)',
      ),
    audit: auditSchema
      .optional()
      .describe('API-server audit logging (on by default)'),
    topology: topologySchema
      .optional()
      .describe(
        'Use the managed topology of a ClusterClass instead of individual objects',
      ),
    aws: awsOptionsSchema.optional().describe('AWS options'),
    gcp: gcpOptionsSchema
      .optional()
      .describe('GCP options (project is required for gcp)'),
    azure: azureOptionsSchema.optional().describe('Azure options'),
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
