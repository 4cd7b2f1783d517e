import type { RecommendPlacementRequest } from '@flotilla/plugin-multi-cluster-common';

/** The GPU resource the card's "GPUs per replica" field requests. */
export const GPU_RESOURCE = 'nvidia.com/gpu';

/** The card's editable requirements, as typed (lists comma-separated). */
export interface RequirementsFormValues {
  replicas: string;
  cpu: string;
  memory: string;
  gpu: string;
  userRegions: string;
  allowedJurisdictions: string;
  requiredCompliance: string;
  minRegions: string;
  maxCostPerHour: string;
  gpuModels: string;
}

export type RequirementsField = keyof RequirementsFormValues;

export type RequirementsFormErrors = Partial<Record<RequirementsField, string>>;

const list = (values?: string[]) => (values ?? []).join(', ');
const text = (value?: number) => (value === undefined ? '' : String(value));

/** The form's starting values: the requirements the advice answered. */
export function formValuesOf(
  requirements?: RecommendPlacementRequest,
): RequirementsFormValues {
  const request = requirements?.resourceRequest ?? {};
  return {
    replicas: text(requirements?.replicas),
    cpu: request.cpu ?? '',
    memory: request.memory ?? '',
    gpu: request[GPU_RESOURCE] ?? '',
    userRegions: list(requirements?.userRegions),
    allowedJurisdictions: list(requirements?.allowedJurisdictions),
    requiredCompliance: list(requirements?.requiredCompliance),
    minRegions: text(requirements?.minRegions),
    maxCostPerHour: text(requirements?.maxCostPerHour),
    gpuModels: list(requirements?.gpuModels),
  };
}

function splitList(value: string): string[] | undefined {
  const items = value
    .split(',')
    .map(item => item.trim())
    .filter(Boolean);
  return items.length > 0 ? items : undefined;
}

/** Whole numbers from 1; undefined when blank; an error message when not one. */
function wholeNumber(value: string): number | undefined | string {
  if (!value.trim()) return undefined;
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 'a whole number from 1';
}

function positiveNumber(value: string): number | undefined | string {
  if (!value.trim()) return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : 'a number above 0';
}

function resourceRequestOf(
  values: RequirementsFormValues,
  base: Record<string, string> = {},
): Record<string, string> | undefined {
  const request: Record<string, string> = { ...base };
  const edited: [string, string][] = [
    ['cpu', values.cpu],
    ['memory', values.memory],
    [GPU_RESOURCE, values.gpu],
  ];
  for (const [resource, value] of edited) {
    if (value.trim()) request[resource] = value.trim();
    else delete request[resource];
  }
  return Object.keys(request).length > 0 ? request : undefined;
}

/**
 * The edited requirements: the form's fields over `base` (the advice's
 * requirements, whose fields the card does not edit are kept). Quantities
 * are left to the backend, whose 4xx names a malformed one.
 */
export function requirementsOf(
  values: RequirementsFormValues,
  base?: RecommendPlacementRequest,
): {
  requirements?: RecommendPlacementRequest;
  errors: RequirementsFormErrors;
} {
  const errors: RequirementsFormErrors = {};
  const replicas = wholeNumber(values.replicas);
  const minRegions = wholeNumber(values.minRegions);
  const maxCostPerHour = positiveNumber(values.maxCostPerHour);
  if (typeof replicas !== 'number') {
    errors.replicas = typeof replicas === 'string' ? replicas : 'required';
  }
  if (typeof minRegions === 'string') errors.minRegions = minRegions;
  if (typeof maxCostPerHour === 'string')
    errors.maxCostPerHour = maxCostPerHour;
  if (Object.keys(errors).length > 0) return { errors };
  const requirements: RecommendPlacementRequest = {
    ...base,
    replicas: replicas as number,
    resourceRequest: resourceRequestOf(values, base?.resourceRequest),
    userRegions: splitList(values.userRegions),
    allowedJurisdictions: splitList(values.allowedJurisdictions),
    requiredCompliance: splitList(values.requiredCompliance),
    minRegions: minRegions as number | undefined,
    maxCostPerHour: maxCostPerHour as number | undefined,
    gpuModels: splitList(values.gpuModels),
  };
  // Absent, not undefined: the request body is JSON and the schema strict.
  for (const key of Object.keys(
    requirements,
  ) as (keyof typeof requirements)[]) {
    if (requirements[key] === undefined) delete requirements[key];
  }
  return { requirements, errors };
}
