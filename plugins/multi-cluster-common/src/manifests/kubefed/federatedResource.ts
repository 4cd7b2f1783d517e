/**
 * A kubefed `types.kubefed.io/v1beta1` Federated* object as the conversion
 * reads it, and the types it converts.
 */
import { z } from 'zod';
import {
  jsonPatchOperationSchema,
  jsonPatchPathSchema,
  jsonPatchValueProblem,
} from '../jsonPatch';
import { karmadaClusterNameSchema } from '../karmada/types';
import {
  annotationsSchema,
  k8sLabelSelectorSchema,
  labelsSchema,
  rfc1123LabelSchema,
} from '../validation/schemas';

/** @public */
export const KUBEFED_TYPES_API_VERSION = 'types.kubefed.io/v1beta1';

/**
 * The target resource of each kubefed federated type Flotilla converts.
 *
 * @public
 */
export const KUBEFED_TARGET_TYPES: Record<
  string,
  { apiVersion: string; kind: string }
> = {
  FederatedDeployment: { apiVersion: 'apps/v1', kind: 'Deployment' },
  FederatedStatefulSet: { apiVersion: 'apps/v1', kind: 'StatefulSet' },
  FederatedDaemonSet: { apiVersion: 'apps/v1', kind: 'DaemonSet' },
  FederatedReplicaSet: { apiVersion: 'apps/v1', kind: 'ReplicaSet' },
  FederatedJob: { apiVersion: 'batch/v1', kind: 'Job' },
  FederatedService: { apiVersion: 'v1', kind: 'Service' },
  FederatedConfigMap: { apiVersion: 'v1', kind: 'ConfigMap' },
  FederatedSecret: { apiVersion: 'v1', kind: 'Secret' },
  FederatedServiceAccount: { apiVersion: 'v1', kind: 'ServiceAccount' },
  FederatedIngress: { apiVersion: 'networking.k8s.io/v1', kind: 'Ingress' },
};

/** Kinds whose every placed cluster runs the whole replica count. */
export const WORKLOAD_KINDS = new Set([
  'Deployment',
  'StatefulSet',
  'DaemonSet',
  'ReplicaSet',
]);

const federatedFieldsSchema = z
  .object({
    apiVersion: z.literal(KUBEFED_TYPES_API_VERSION, {
      errorMap: () => ({
        message: `apiVersion must be ${KUBEFED_TYPES_API_VERSION}`,
      }),
    }),
    kind: z.string().refine(kind => kind in KUBEFED_TARGET_TYPES, {
      message: `kind must be one of ${Object.keys(KUBEFED_TARGET_TYPES).join(
        ', ',
      )}`,
    }),
    metadata: z
      .object({
        // Becomes the PropagationPolicy name, which Karmada uses as a label value.
        name: rfc1123LabelSchema('metadata.name'),
        namespace: rfc1123LabelSchema('metadata.namespace').optional(),
        labels: labelsSchema.optional(),
        annotations: annotationsSchema.optional(),
      })
      .passthrough(),
    spec: z
      .object({
        template: z
          .object({
            metadata: z
              .object({
                labels: labelsSchema.optional(),
                annotations: annotationsSchema.optional(),
              })
              .passthrough()
              .optional(),
          })
          .passthrough(),
        placement: z
          .object({
            clusters: z
              .array(z.object({ name: karmadaClusterNameSchema }).strict())
              .optional(),
            clusterSelector: k8sLabelSelectorSchema.optional(),
          })
          .strict()
          .optional(),
        overrides: z
          .array(
            z
              .object({
                clusterName: karmadaClusterNameSchema,
                clusterOverrides: z
                  .array(
                    z
                      .object({
                        op: jsonPatchOperationSchema('op').optional(),
                        path: jsonPatchPathSchema,
                        value: z.unknown().optional(),
                      })
                      .strict(),
                  )
                  .min(1, 'clusterOverrides must not be empty'),
              })
              .strict(),
          )
          .optional(),
      })
      .strict(),
  })
  .passthrough();

/**
 * A kubefed Federated* object (the fields the conversion reads).
 *
 * @public
 */
export const federatedResourceSchema = federatedFieldsSchema.superRefine(
  (fed, ctx) => {
    const issue = (message: string, path: (string | number)[]) =>
      ctx.addIssue({ code: z.ZodIssueCode.custom, message, path });
    checkWorkloadTemplate(fed, issue);
    checkPlacesSomething(fed, issue);
    checkOverrideValues(fed, issue);
  },
);

/** A kubefed Federated* object as the conversion reads it. */
export type FederatedResource = z.output<typeof federatedResourceSchema>;

type FederatedFields = z.output<typeof federatedFieldsSchema>;
type ReportIssue = (message: string, path: (string | number)[]) => void;

/** A workload's template has a spec with a selector and a pod template. */
function checkWorkloadTemplate(fed: FederatedFields, issue: ReportIssue) {
  const target = KUBEFED_TARGET_TYPES[fed.kind];
  const templateSpec: unknown = fed.spec.template.spec;
  if (!target || !WORKLOAD_KINDS.has(target.kind)) return;
  if (!templateSpec || typeof templateSpec !== 'object') {
    issue(`spec.template.spec is required for a ${target.kind}`, [
      'spec',
      'template',
      'spec',
    ]);
    return;
  }
  const spec = templateSpec as Record<string, unknown>;
  for (const field of ['selector', 'template']) {
    if (!spec[field]) {
      issue(`spec.template.spec.${field} is required for a ${target.kind}`, [
        'spec',
        'template',
        'spec',
        field,
      ]);
    }
  }
}

/** kubefed propagates an object without placement nowhere: nothing to migrate. */
function checkPlacesSomething(fed: FederatedFields, issue: ReportIssue) {
  const placement = fed.spec.placement;
  const placesSomething =
    placement !== undefined &&
    (placement.clusters !== undefined
      ? placement.clusters.length > 0
      : placement.clusterSelector !== undefined);
  if (!placesSomething) {
    issue(
      'spec.placement selects no cluster (no clusters and no clusterSelector), so kubefed propagates it nowhere; there is nothing to migrate',
      ['spec', 'placement'],
    );
  }
}

/** Each override operation has a value exactly when it needs one. */
function checkOverrideValues(fed: FederatedFields, issue: ReportIssue) {
  (fed.spec.overrides ?? []).forEach((override, i) =>
    override.clusterOverrides.forEach((o, j) => {
      const problem = jsonPatchValueProblem('op', o.op ?? 'replace', o.value);
      if (problem) {
        issue(problem, [
          'spec',
          'overrides',
          i,
          'clusterOverrides',
          j,
          'value',
        ]);
      }
    }),
  );
}
