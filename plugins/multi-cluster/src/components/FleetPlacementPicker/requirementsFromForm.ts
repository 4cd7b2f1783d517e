import {
  CLUSTER_ANNOTATIONS,
  parseRequest,
  RecommendPlacementRequest,
  recommendPlacementRequestSchema,
} from '@flotilla/plugin-multi-cluster-common';

/**
 * The sibling form fields the advice reads, by requirement: each names a
 * field of the template's form (any step). `environment` becomes the
 * required `flotilla.io/environment` label.
 *
 * @public
 */
export interface PlacementRequirementFields {
  replicas?: string;
  userRegions?: string;
  allowedJurisdictions?: string;
  requiredCompliance?: string;
  minRegions?: string;
  environment?: string;
}

/** The field names a template gets without `requirementFields`. */
export const DEFAULT_REQUIREMENT_FIELDS: Required<PlacementRequirementFields> =
  {
    replicas: 'replicas',
    userRegions: 'userRegions',
    allowedJurisdictions: 'jurisdictions',
    requiredCompliance: 'requiredCompliance',
    minRegions: 'minRegions',
    environment: 'environment',
  };

const strings = (value: unknown) =>
  Array.isArray(value) && value.length > 0
    ? value.filter((v): v is string => typeof v === 'string')
    : undefined;

const positiveInteger = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1
    ? value
    : undefined;

/**
 * The requirements the form already states: the named fields' values (a
 * blank field states nothing), over the template's fixed `requirements`.
 * Without a replica count the advice is for one replica.
 */
export function requirementsFromForm(
  formData: Record<string, unknown>,
  fields: PlacementRequirementFields = {},
  fixed: Partial<RecommendPlacementRequest> = {},
): { requirements: RecommendPlacementRequest } | { problem: string } {
  const names = { ...DEFAULT_REQUIREMENT_FIELDS, ...fields };
  const environment = formData[names.environment];
  const fromForm = {
    replicas: positiveInteger(formData[names.replicas]),
    userRegions: strings(formData[names.userRegions]),
    allowedJurisdictions: strings(formData[names.allowedJurisdictions]),
    requiredCompliance: strings(formData[names.requiredCompliance]),
    minRegions: positiveInteger(formData[names.minRegions]),
    requiredLabels:
      typeof environment === 'string' && environment
        ? {
            ...fixed.requiredLabels,
            [CLUSTER_ANNOTATIONS.environment]: environment,
          }
        : undefined,
  };
  const merged: Record<string, unknown> = { replicas: 1, ...fixed };
  for (const [key, value] of Object.entries(fromForm)) {
    if (value !== undefined) merged[key] = value;
  }
  const parsed = parseRequest(recommendPlacementRequestSchema, merged);
  return parsed.success
    ? { requirements: parsed.data }
    : { problem: parsed.message };
}
