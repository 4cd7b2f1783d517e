/**
 * Options of the infrastructure providers (the `aws`, `gcp` and `azure`
 * fields of the Cluster API generator's input).
 */
import { z } from 'zod';
import {
  rfc1123LabelSchema,
  rfc1123SubdomainSchema,
} from '../validation/schemas';

export const awsOptionsSchema = z
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
  .strict();

export const gcpOptionsSchema = z
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
  .strict();

export const azureOptionsSchema = z
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
      rfc1123SubdomainSchema('azure.identityName').default('cluster-identity'),
    identityNamespace: rfc1123LabelSchema('azure.identityNamespace').optional(),
  })
  .strict();
