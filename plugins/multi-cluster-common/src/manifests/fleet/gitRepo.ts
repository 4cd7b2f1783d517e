/**
 * Rancher Fleet: a GitRepo whose targets select clusters by label, cluster
 * group or name, and a fleet.yaml with per-target overrides
 * (`targetCustomizations`), because a GitRepo's targets only select clusters;
 * what differs per target lives in the bundle's fleet.yaml.
 */
import { z } from 'zod';
import { AuxiliaryManifestFile, KubernetesManifest } from '../types';
import { parseManifestInput } from '../validation/errors';
import {
  k8sLabelSelectorSchema,
  labelsSchema,
  rfc1123LabelSchema,
  rfc1123SubdomainSchema,
} from '../validation/schemas';
import {
  gitRevisionSchema,
  repoPathSchema,
  repoUrlSchema,
} from '../validation/urls';

/** @public */
export const FLEET_API_VERSION = 'fleet.cattle.io/v1alpha1';

/** Go durations as Fleet's CEL rule accepts them (no days or weeks). */
const GO_DURATION = /^([0-9]+([.][0-9]+)?(ns|us|µs|ms|s|m|h))+$/;

const targetOverridesSchema = z
  .object({
    /** Helm values merged for clusters of this target. */
    helmValues: z.record(z.unknown()).optional(),
    /** Namespace forced for every resource of the bundle on these clusters. */
    namespace: rfc1123LabelSchema('overrides.namespace').optional(),
    /** A kustomize directory (relative to the bundle) used instead. */
    kustomizeDir: repoPathSchema('overrides.kustomizeDir').optional(),
    /** Overlay folders under the bundle's overlays/ directory. */
    yamlOverlays: z
      .array(rfc1123LabelSchema('overrides.yamlOverlays[]'))
      .min(1)
      .optional(),
    /** Skip these clusters entirely. */
    doNotDeploy: z.boolean().optional(),
  })
  .strict()
  .describe('Per-target overrides (fleet.yaml targetCustomizations)');

const targetSchema = z
  .object({
    name: rfc1123LabelSchema('target name'),
    clusterSelector: k8sLabelSelectorSchema.optional(),
    clusterGroup: rfc1123LabelSchema('clusterGroup').optional(),
    clusterName: rfc1123LabelSchema('clusterName').optional(),
    overrides: targetOverridesSchema.optional(),
  })
  .strict()
  .refine(t => t.clusterSelector || t.clusterGroup || t.clusterName, {
    message: 'a target needs clusterSelector, clusterGroup or clusterName',
    path: ['clusterSelector'],
  });

/**
 * Input of {@link generateFleetGitRepo}.
 *
 * @public
 */
export const fleetGitRepoInputSchema = z
  .object({
    name: rfc1123LabelSchema('name').describe('GitRepo name (RFC 1123 label)'),
    /** fleet-default for downstream clusters, fleet-local for the local one. */
    namespace: rfc1123LabelSchema('namespace')
      .default('fleet-default')
      .describe('Fleet workspace namespace (default: fleet-default)'),
    repo: repoUrlSchema('repo').describe('Git repository URL'),
    branch: gitRevisionSchema('branch').optional(),
    revision: gitRevisionSchema('revision').optional(),
    /** Bundle folders in the repository (each may hold a fleet.yaml). */
    paths: z
      .array(repoPathSchema('paths[]'))
      .min(1)
      .optional()
      .describe('Bundle folders in the repository'),
    targetNamespace: rfc1123LabelSchema('targetNamespace').optional(),
    /** Namespace for resources without one (fleet.yaml defaultNamespace). */
    defaultNamespace: rfc1123LabelSchema('defaultNamespace')
      .optional()
      .describe('fleet.yaml defaultNamespace'),
    /** Helm values for every target (fleet.yaml helm.values). */
    helmValues: z
      .record(z.unknown())
      .optional()
      .describe('fleet.yaml helm.values for every target'),
    /** A Helm chart to deploy (fleet.yaml helm.chart/repo/version/releaseName). */
    helmChart: z
      .object({
        chart: z
          .string()
          .min(1)
          .max(512)
          .regex(
            /^[^\s"'`\\]+$/,
            'helmChart.chart must be a chart name, path or oci:// URL without spaces or quotes',
          ),
        repo: repoUrlSchema('helmChart.repo').optional(),
        version: z
          .string()
          .max(128)
          .regex(
            /^[A-Za-z0-9.+~^<>=*, -]+$/,
            'helmChart.version must be a chart version or semver range',
          )
          .optional(),
        /** Helm release names are at most 53 characters. */
        releaseName: rfc1123SubdomainSchema('helmChart.releaseName')
          .refine(
            n => n.length <= 53,
            'helmChart.releaseName must be at most 53 characters',
          )
          .optional(),
      })
      .strict()
      .optional()
      .describe('Helm chart the bundle deploys (fleet.yaml helm)'),
    pollingInterval: z
      .string()
      .max(32)
      .refine(
        v => v === '0' || GO_DURATION.test(v),
        'pollingInterval must be a Go duration such as 15s, 5m or 1h30m (no d or w units)',
      )
      .optional()
      .describe('Go duration such as 1m'),
    correctDrift: z
      .boolean()
      .default(true)
      .describe('Correct drift (default true)'),
    targets: z
      .array(targetSchema)
      .min(1, 'targets must list at least one target')
      .describe('Targets'),
    labels: labelsSchema.optional(),
  })
  .strict()
  .superRefine((input, ctx) => {
    if (input.branch && input.revision) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['revision'],
        message: 'give branch or revision, not both',
      });
    }
    const seen = new Set<string>();
    input.targets.forEach((target, index) => {
      if (seen.has(target.name)) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ['targets', index, 'name'],
          message: `target name "${target.name}" is used twice`,
        });
      }
      seen.add(target.name);
    });
  });

/** @public */
export type FleetGitRepoInput = z.input<typeof fleetGitRepoInputSchema>;

/**
 * What {@link generateFleetGitRepo} produces.
 *
 * @public
 */
export interface FleetGitRepoResult {
  manifests: KubernetesManifest[];
  /** fleet.yaml for the bundle folder(s), when there is anything to put in it. */
  fleetYaml?: AuxiliaryManifestFile;
}

type Target = z.output<typeof targetSchema>;

function selection(target: Target): Record<string, unknown> {
  const out: Record<string, unknown> = { name: target.name };
  if (target.clusterSelector)
    out.clusterSelector = JSON.parse(JSON.stringify(target.clusterSelector));
  if (target.clusterGroup) out.clusterGroup = target.clusterGroup;
  if (target.clusterName) out.clusterName = target.clusterName;
  return out;
}

/**
 * Generates a Fleet GitRepo and, when targets carry overrides (or global
 * Helm values / a default namespace are given), the fleet.yaml with
 * `targetCustomizations` that goes into the bundle folder of the repo.
 *
 * @throws ManifestInputError when the input is invalid.
 *
 * @public
 */
export function generateFleetGitRepo(
  input: FleetGitRepoInput,
): FleetGitRepoResult {
  const spec = parseManifestInput(
    fleetGitRepoInputSchema,
    input,
    'Fleet GitRepo input',
  );
  const gitRepoSpec: Record<string, unknown> = { repo: spec.repo };
  if (spec.branch) gitRepoSpec.branch = spec.branch;
  if (spec.revision) gitRepoSpec.revision = spec.revision;
  if (spec.paths) gitRepoSpec.paths = [...spec.paths];
  if (spec.targetNamespace) gitRepoSpec.targetNamespace = spec.targetNamespace;
  if (spec.pollingInterval) gitRepoSpec.pollingInterval = spec.pollingInterval;
  if (spec.correctDrift) gitRepoSpec.correctDrift = { enabled: true };
  gitRepoSpec.targets = spec.targets.map(selection);

  const manifests: KubernetesManifest[] = [
    {
      apiVersion: FLEET_API_VERSION,
      kind: 'GitRepo',
      metadata: {
        name: spec.name,
        namespace: spec.namespace,
        ...(spec.labels ? { labels: { ...spec.labels } } : {}),
      },
      spec: gitRepoSpec,
    },
  ];

  const customizations = spec.targets
    .filter(t => t.overrides)
    .map(t => {
      const o = t.overrides!;
      const out = selection(t);
      if (o.namespace) out.namespace = o.namespace;
      if (o.helmValues)
        out.helm = { values: JSON.parse(JSON.stringify(o.helmValues)) };
      if (o.kustomizeDir) out.kustomize = { dir: o.kustomizeDir };
      if (o.yamlOverlays) out.yaml = { overlays: [...o.yamlOverlays] };
      if (o.doNotDeploy !== undefined) out.doNotDeploy = o.doNotDeploy;
      return out;
    });
  const fleetYaml: Record<string, unknown> = {};
  if (spec.defaultNamespace) fleetYaml.defaultNamespace = spec.defaultNamespace;
  if (spec.helmChart || spec.helmValues) {
    const helm: Record<string, unknown> = {};
    if (spec.helmChart) {
      helm.chart = spec.helmChart.chart;
      if (spec.helmChart.repo) helm.repo = spec.helmChart.repo;
      if (spec.helmChart.version) helm.version = spec.helmChart.version;
      if (spec.helmChart.releaseName) {
        helm.releaseName = spec.helmChart.releaseName;
      }
    }
    if (spec.helmValues) {
      helm.values = JSON.parse(JSON.stringify(spec.helmValues));
    }
    fleetYaml.helm = helm;
  }
  if (customizations.length > 0)
    fleetYaml.targetCustomizations = customizations;

  return {
    manifests,
    ...(Object.keys(fleetYaml).length > 0
      ? {
          fleetYaml: {
            fileName: 'fleet.yaml',
            content: fleetYaml,
            description: `fleet.yaml for the bundle folder(s) ${(
              spec.paths ?? ['/']
            ).join(', ')} of ${spec.repo}`,
          },
        }
      : {}),
  };
}
