import { parse as parseYaml } from 'yaml';
import type { AnnotationProblem } from '../api/placementAdvice';
import {
  recommendPlacementRequestSchema,
  type RecommendPlacementRequest,
} from '../api/schemas/placement';
import {
  SERVICE_ANNOTATIONS,
  parseResourceListAnnotation,
} from '../fleet/annotations';
import { karmadaPlacementSchema } from '../scheduling/placement';

type Field = keyof RecommendPlacementRequest;

const REPLICAS = SERVICE_ANNOTATIONS.replicas;

const bounded = (error: unknown) =>
  String((error as Error)?.message ?? error).slice(0, 300);

const commaList = (text: string) =>
  text
    .split(',')
    .map(item => item.trim())
    .filter(Boolean);

function wholeNumber(text: string): number {
  if (!/^\d+$/.test(text))
    throw new Error(`expected a whole number, got '${text}'`);
  return Number(text);
}

function positiveNumber(text: string): number {
  const value = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text) || !(value > 0)) {
    throw new Error(`expected a positive number, got '${text}'`);
  }
  return value;
}

function placementOf(text: string) {
  const parsed = karmadaPlacementSchema.safeParse(parseYaml(text));
  if (!parsed.success) {
    throw new Error(parsed.error.issues[0]?.message ?? 'not a placement');
  }
  return parsed.data;
}

/** The labels a Karmada placement's cluster affinity requires, if any. */
function requiredLabelsOf(text: string): Record<string, string> | undefined {
  const labels = placementOf(text).clusterAffinity?.labelSelector?.matchLabels;
  return labels && Object.keys(labels).length > 0 ? labels : undefined;
}

/** The taints a Karmada placement tolerates, if any. */
function tolerationsOf(text: string) {
  const tolerations = placementOf(text).clusterTolerations;
  return tolerations && tolerations.length > 0 ? tolerations : undefined;
}

/** Each requirement: the annotation it is read from and how. */
const READERS: {
  field: Field;
  annotation: string;
  read(text: string): unknown;
}[] = [
  {
    field: 'replicas',
    annotation: SERVICE_ANNOTATIONS.replicas,
    read: wholeNumber,
  },
  {
    field: 'resourceRequest',
    annotation: SERVICE_ANNOTATIONS.resourceRequest,
    read: text => parseResourceListAnnotation(text, { requests: true }),
  },
  {
    field: 'userRegions',
    annotation: SERVICE_ANNOTATIONS.userRegions,
    read: commaList,
  },
  {
    field: 'allowedJurisdictions',
    annotation: SERVICE_ANNOTATIONS.dataResidency,
    read: commaList,
  },
  {
    field: 'requiredCompliance',
    annotation: SERVICE_ANNOTATIONS.requiredCompliance,
    read: commaList,
  },
  {
    field: 'minRegions',
    annotation: SERVICE_ANNOTATIONS.minRegions,
    read: wholeNumber,
  },
  {
    field: 'maxCostPerHour',
    annotation: SERVICE_ANNOTATIONS.maxCostPerHour,
    read: positiveNumber,
  },
  {
    field: 'gpuModels',
    annotation: SERVICE_ANNOTATIONS.gpuModels,
    read: commaList,
  },
  {
    field: 'requiredLabels',
    annotation: SERVICE_ANNOTATIONS.placement,
    read: requiredLabelsOf,
  },
  {
    field: 'tolerations',
    annotation: SERVICE_ANNOTATIONS.placement,
    read: tolerationsOf,
  },
];

/** The request schema's words for one field, e.g. `must be at least 1`. */
function schemaProblem(field: Field, value: unknown): string | undefined {
  const shape = recommendPlacementRequestSchema.shape as Record<
    string,
    {
      safeParse(v: unknown): {
        success: boolean;
        error?: { issues: { message: string }[] };
      };
    }
  >;
  const result = shape[field].safeParse(value);
  return result.success ? undefined : result.error?.issues[0]?.message;
}

/**
 * A service's placement requirements from its catalog annotations (see
 * SERVICE_ANNOTATIONS); the Karmada placement in `flotilla.io/placement`
 * gives the required labels (its cluster affinity's `matchLabels`) and the
 * tolerations. An annotation that cannot be read, or whose value
 * the request schema refuses, is a problem naming it, and its requirement
 * is left out. Without a readable `flotilla.io/replicas` there is nothing
 * to advise on: `replicasKnown` is false and `requirements.replicas` is 1,
 * only a starting value for an editor.
 *
 * @public
 */
export function placementRequirementsFromAnnotations(
  annotations: Record<string, string> | undefined,
): {
  requirements: RecommendPlacementRequest;
  problems: AnnotationProblem[];
  replicasKnown: boolean;
} {
  const problems: AnnotationProblem[] = [];
  const read: Partial<Record<Field, unknown>> = {};
  for (const { field, annotation, read: parse } of READERS) {
    const text = annotations?.[annotation]?.trim();
    if (!text) continue;
    try {
      const value = parse(text);
      if (value === undefined) continue;
      const refused = schemaProblem(field, value);
      if (refused) problems.push({ annotation, message: refused });
      else read[field] = value;
    } catch (error) {
      // One problem per annotation, though several requirements read it.
      if (!problems.some(p => p.annotation === annotation)) {
        problems.push({ annotation, message: bounded(error) });
      }
    }
  }
  const replicasKnown = read.replicas !== undefined;
  if (!replicasKnown && !problems.some(p => p.annotation === REPLICAS)) {
    problems.push({
      annotation: REPLICAS,
      message:
        'placement advice needs the total replicas: set the annotation, or edit the requirements',
    });
  }
  const parsed = recommendPlacementRequestSchema.safeParse({
    ...read,
    replicas: read.replicas ?? 1,
  });
  return {
    // Every field passed the schema on its own, so the whole passes too.
    requirements: parsed.success ? parsed.data : { replicas: 1 },
    problems,
    replicasKnown,
  };
}
