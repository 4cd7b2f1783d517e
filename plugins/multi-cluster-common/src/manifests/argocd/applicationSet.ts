/**
 * Argo CD ApplicationSet: one Application per target cluster, from a
 * clusters, list or matrix generator, with automated sync.
 */
import { z } from 'zod';
import { KubernetesManifest } from '../types';
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
export const ARGOCD_API_VERSION = 'argoproj.io/v1alpha1';

const paramKey = z
  .string()
  .regex(
    /^[A-Za-z_][A-Za-z0-9_]*$/,
    'list element keys must be identifiers (letters, digits, _) usable in Go templates',
  );

const listElementsSchema = z
  .array(
    z.record(
      z.string({ invalid_type_error: 'list element values must be strings' }),
    ),
  )
  .min(1, 'list.elements must not be empty')
  .superRefine((elements, ctx) => {
    elements.forEach((element, index) => {
      for (const key of Object.keys(element)) {
        const result = paramKey.safeParse(key);
        if (!result.success) {
          ctx.addIssue({
            code: z.ZodIssueCode.custom,
            path: [index, key],
            message: result.error.issues[0].message,
          });
        }
      }
    });
  });

const clustersGeneratorSchema = z
  .object({
    type: z.literal('clusters'),
    /** Selects Argo CD cluster secrets by label (all clusters when absent). */
    selector: k8sLabelSelectorSchema
      .optional()
      .describe('Label selector over Argo CD cluster secrets'),
    /** Extra parameters available as `{{.values.<key>}}`. */
    values: z.record(z.string()).optional(),
  })
  .strict();

const listGeneratorSchema = z
  .object({
    type: z.literal('list'),
    /** One element per Application; keys become template parameters. */
    elements: listElementsSchema.describe('One element per Application'),
  })
  .strict();

const leafGeneratorSchema = z.discriminatedUnion(
  'type',
  [clustersGeneratorSchema, listGeneratorSchema],
  {
    errorMap: () => ({ message: 'generator type must be clusters or list' }),
  },
);

const matrixGeneratorSchema = z
  .object({
    type: z.literal('matrix'),
    /** Exactly two child generators (Argo CD's limit). */
    generators: z
      .tuple([leafGeneratorSchema, leafGeneratorSchema], {
        errorMap: () => ({
          message: 'matrix needs exactly two generators (clusters or list)',
        }),
      })
      .describe('Exactly two generators'),
  })
  .strict();

const generatorSchema = z.discriminatedUnion(
  'type',
  [clustersGeneratorSchema, listGeneratorSchema, matrixGeneratorSchema],
  {
    errorMap: () => ({
      message: 'generator.type must be clusters, list or matrix',
    }),
  },
);

/**
 * Input of {@link generateApplicationSet}.
 *
 * @public
 */
export const applicationSetInputSchema = z
  .object({
    name: rfc1123LabelSchema('name').describe(
      'ApplicationSet name (RFC 1123 label)',
    ),
    namespace: rfc1123LabelSchema('namespace')
      .default('argocd')
      .describe('Argo CD namespace (default: argocd)'),
    project: rfc1123SubdomainSchema('project')
      .default('default')
      .describe('Argo CD project (default: default)'),
    source: z
      .object({
        repoURL: repoUrlSchema('source.repoURL').describe(
          'Git repository or Helm chart repository URL',
        ),
        targetRevision: gitRevisionSchema('source.targetRevision')
          .default('HEAD')
          .describe('Branch, tag, commit or chart version (default HEAD)'),
        path: repoPathSchema('source.path')
          .optional()
          .describe('Path in a Git repository'),
        chart: z
          .string()
          .regex(
            /^[a-z0-9]([-a-z0-9._]*[a-z0-9])?$/,
            'source.chart must be a chart name',
          )
          .optional()
          .describe('Chart name in a Helm repository'),
        helm: z
          .object({
            releaseName: rfc1123LabelSchema(
              'source.helm.releaseName',
            ).optional(),
            valueFiles: z
              .array(repoPathSchema('source.helm.valueFiles[]'))
              .optional(),
            values: z.record(z.unknown()).optional(),
          })
          .strict()
          .optional(),
      })
      .strict()
      .superRefine((source, ctx) => {
        if (!source.path === !source.chart) {
          ctx.addIssue({
            code: z.ZodIssueCode.custom,
            path: ['path'],
            message:
              'give exactly one of source.path (Git) or source.chart (Helm repository)',
          });
        }
      })
      .describe('What to deploy'),
    destinationNamespace: rfc1123LabelSchema('destinationNamespace').describe(
      'Namespace in each cluster',
    ),
    generator: generatorSchema.describe('clusters, list or matrix generator'),
    /** Go template of the Application names; see the defaults in the docs. */
    applicationName: z
      .string()
      .min(1)
      .max(253)
      .optional()
      .describe('Go template of the Application names'),
    syncPolicy: z
      .object({
        automated: z.boolean().default(true),
        prune: z.boolean().default(true),
        selfHeal: z.boolean().default(true),
        createNamespace: z.boolean().default(true),
        serverSideApply: z.boolean().default(false),
        retryLimit: z.number().int().min(0).max(100).default(5),
      })
      .strict()
      .default({})
      .describe('Sync policy (automated, prune and self-heal by default)'),
    labels: labelsSchema.optional(),
  })
  .strict()
  .superRefine((input, ctx) => {
    const issue = (message: string, path: (string | number)[]) =>
      ctx.addIssue({ code: z.ZodIssueCode.custom, message, path });
    let lists: Array<{
      gen: z.output<typeof leafGeneratorSchema>;
      path: (string | number)[];
    }> = [];
    if (input.generator.type === 'list') {
      lists = [{ gen: input.generator, path: ['generator'] }];
    } else if (input.generator.type === 'matrix') {
      lists = input.generator.generators
        .map((gen, i) => ({ gen, path: ['generator', 'generators', i] }))
        .filter(g => g.gen.type === 'list');
    }
    if (input.generator.type === 'list') {
      input.generator.elements.forEach((element, i) => {
        if (!element.name) {
          issue(
            'each list element needs "name": the Argo CD cluster to deploy to',
            ['generator', 'elements', i, 'name'],
          );
        }
      });
    }
    if (input.generator.type === 'matrix') {
      const [a, b] = input.generator.generators;
      if (a.type === 'clusters' && b.type === 'clusters') {
        issue(
          'a matrix of two clusters generators makes no sense; combine clusters with a list',
          ['generator', 'generators'],
        );
      }
      const hasClusters = a.type === 'clusters' || b.type === 'clusters';
      for (const { gen, path } of lists) {
        if (gen.type !== 'list') continue;
        gen.elements.forEach((element, i) => {
          if (hasClusters) {
            for (const reserved of [
              'name',
              'server',
              'nameNormalized',
              'metadata',
              'values',
              'project',
            ]) {
              if (reserved in element) {
                issue(
                  `"${reserved}" is a parameter of the clusters generator; rename the list key`,
                  [...path, 'elements', i, reserved],
                );
              }
            }
          }
          if (!input.applicationName && !element.variant) {
            issue(
              'in a matrix each list element needs "variant" (used in the Application name), or set applicationName',
              [...path, 'elements', i, 'variant'],
            );
          }
        });
      }
      if (
        !hasClusters &&
        lists.every(
          l => l.gen.type === 'list' && l.gen.elements.every(e => !e.name),
        )
      ) {
        issue(
          'one of the two list generators must give "name" (the Argo CD cluster)',
          ['generator', 'generators'],
        );
      }
    }
    if (input.applicationName && /[\n\r"]/.test(input.applicationName)) {
      issue('applicationName must be a single line without double quotes', [
        'applicationName',
      ]);
    }
  });

/** @public */
export type ApplicationSetInput = z.input<typeof applicationSetInputSchema>;

function generatorObject(
  gen: z.output<typeof leafGeneratorSchema>,
): Record<string, unknown> {
  if (gen.type === 'clusters') {
    const clusters: Record<string, unknown> = {};
    if (gen.selector)
      clusters.selector = JSON.parse(JSON.stringify(gen.selector));
    if (gen.values) clusters.values = { ...gen.values };
    return { clusters };
  }
  return { list: { elements: gen.elements.map(e => ({ ...e })) } };
}

/**
 * Generates an Argo CD ApplicationSet deploying `source` to every cluster the
 * generator yields, with Go templates (`{{.name}}` is the Argo CD cluster
 * name) and automated, self-healing sync by default.
 *
 * Default Application names: `<cluster>-<name>`, and for a matrix
 * `<cluster>-<name>-<variant>`.
 *
 * @throws ManifestInputError when the input is invalid.
 *
 * @public
 */
export function generateApplicationSet(
  input: ApplicationSetInput,
): KubernetesManifest[] {
  const spec = parseManifestInput(
    applicationSetInputSchema,
    input,
    'ApplicationSet input',
  );
  const applicationName =
    spec.applicationName ??
    (spec.generator.type === 'matrix'
      ? `{{.name}}-${spec.name}-{{.variant}}`
      : `{{.name}}-${spec.name}`);
  return [
    {
      apiVersion: ARGOCD_API_VERSION,
      kind: 'ApplicationSet',
      metadata: {
        name: spec.name,
        namespace: spec.namespace,
        ...(spec.labels ? { labels: { ...spec.labels } } : {}),
      },
      spec: {
        goTemplate: true,
        goTemplateOptions: ['missingkey=error'],
        generators: generatorObjects(spec.generator),
        template: {
          metadata: {
            name: applicationName,
            labels: {
              'app.kubernetes.io/part-of': spec.name,
              ...(spec.labels ?? {}),
            },
          },
          spec: {
            project: spec.project,
            source: applicationSource(spec.source),
            destination: {
              name: '{{.name}}',
              namespace: spec.destinationNamespace,
            },
            syncPolicy: applicationSyncPolicy(spec.syncPolicy),
          },
        },
      },
    },
  ];
}

type ApplicationSetSpec = z.output<typeof applicationSetInputSchema>;

function generatorObjects(
  generator: ApplicationSetSpec['generator'],
): Record<string, unknown>[] {
  return generator.type === 'matrix'
    ? [{ matrix: { generators: generator.generators.map(generatorObject) } }]
    : [generatorObject(generator)];
}

/** The Applications' source: a Git path or a Helm chart, with Helm settings. */
function applicationSource(
  source: ApplicationSetSpec['source'],
): Record<string, unknown> {
  const out: Record<string, unknown> = {
    repoURL: source.repoURL,
    targetRevision: source.targetRevision,
  };
  if (source.path) out.path = source.path;
  if (source.chart) out.chart = source.chart;
  if (source.helm) {
    const helm: Record<string, unknown> = {};
    if (source.helm.releaseName) helm.releaseName = source.helm.releaseName;
    if (source.helm.valueFiles) helm.valueFiles = [...source.helm.valueFiles];
    if (source.helm.values)
      helm.valuesObject = JSON.parse(JSON.stringify(source.helm.values));
    out.helm = helm;
  }
  return out;
}

/** Automated sync (pruning, self-healing), sync options and retries. */
function applicationSyncPolicy(
  policy: ApplicationSetSpec['syncPolicy'],
): Record<string, unknown> {
  const syncOptions: string[] = [];
  if (policy.createNamespace) syncOptions.push('CreateNamespace=true');
  if (policy.serverSideApply) syncOptions.push('ServerSideApply=true');
  const syncPolicy: Record<string, unknown> = {};
  if (policy.automated) {
    syncPolicy.automated = { prune: policy.prune, selfHeal: policy.selfHeal };
  }
  if (syncOptions.length > 0) syncPolicy.syncOptions = syncOptions;
  if (policy.retryLimit > 0) {
    syncPolicy.retry = {
      limit: policy.retryLimit,
      backoff: { duration: '5s', factor: 2, maxDuration: '3m' },
    };
  }
  return syncPolicy;
}
