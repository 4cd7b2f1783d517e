import { parseEntityRef, stringifyEntityRef } from '@backstage/catalog-model';
import { InputError } from '@backstage/errors';
import {
  type ClusterProfile,
  resolveLostClusters,
  type WhatIfLoss,
  WhatIfLossError,
  type WhatIfPlan,
  type WhatIfServiceInput,
} from '@flotilla/plugin-multi-cluster-common';
import {
  inProcessCompute,
  type PlacementCompute,
} from '../placement/compute/PlacementWorkerPool';

/** The fleet and every DR-declared service, as the planner takes them. */
export interface WhatIfInputs {
  fleet: ClusterProfile[];
  services: WhatIfServiceInput[];
}

/** Reads every DR-declared catalog service, with the plugin's own credentials. */
export interface WhatIfInputReader {
  read(): Promise<WhatIfInputs>;
}

/**
 * A what-if the fleet cannot answer: a loss naming a cluster, region or
 * provider it does not have, or services that declare no DR strategy (422).
 */
export class WhatIfRefusedError extends Error {
  readonly name = 'WhatIfRefusedError';
  readonly statusCode = 422;
}

/** Unknown names a refusal lists: the answer stays short whatever was sent. */
const NAMED_UNKNOWN = 3;

/** Case-insensitive canonical form (`component:default/checkout`). */
function refKey(ref: string): string {
  try {
    return stringifyEntityRef(
      parseEntityRef(ref, { defaultKind: 'component' }),
    ).toLocaleLowerCase('en-US');
  } catch (error) {
    // The schema checks the syntax; whatever else is refused is still the caller's.
    throw new InputError(
      `Invalid entity ref '${ref.slice(0, 100)}': ${(error as Error).message}`,
    );
  }
}

/** The services `entityRefs` names; every one must be DR-declared. */
function servicesNamed(
  services: readonly WhatIfServiceInput[],
  entityRefs: readonly string[],
): WhatIfServiceInput[] {
  const byRef = new Map(services.map(s => [refKey(s.spec.entityRef), s]));
  const wanted = [...new Set(entityRefs.map(refKey))];
  const unknown = wanted.filter(ref => !byRef.has(ref));
  if (unknown.length > 0) {
    const more = unknown.length - NAMED_UNKNOWN;
    throw new WhatIfRefusedError(
      `not DR-declared services (no readable flotilla.io/dr-strategy): ${unknown
        .slice(0, NAMED_UNKNOWN)
        .join(', ')}${more > 0 ? ` and ${more} more` : ''}`,
    );
  }
  return wanted.map(ref => byRef.get(ref)!);
}

/**
 * What-if plans on the live fleet: reads the fleet and the DR-declared
 * services, checks the loss against the fleet, and runs the planner
 * (`planWhatIf`) off the event loop when given the placement workers.
 */
export class WhatIfService {
  constructor(
    private readonly options: {
      reader: WhatIfInputReader;
      compute?: PlacementCompute;
    },
  ) {}

  /**
   * The plan of `loss` for every DR-declared service, or only `entityRefs`.
   * `caller` is whose work it is, for the placement workers' per-caller limit.
   */
  async plan(
    loss: WhatIfLoss,
    entityRefs?: string[],
    options: { caller?: string } = {},
  ): Promise<WhatIfPlan> {
    const { fleet, services } = await this.options.reader.read();
    try {
      // Checked here, on this thread: a refusal keeps its class.
      resolveLostClusters(fleet, loss);
    } catch (error) {
      if (error instanceof WhatIfLossError) {
        throw new WhatIfRefusedError(error.message);
      }
      throw error;
    }
    const chosen = entityRefs ? servicesNamed(services, entityRefs) : services;
    const compute = this.options.compute ?? inProcessCompute;
    return compute.run(options.caller ?? 'backend', 'whatIf', {
      fleet,
      services: chosen,
      loss,
    });
  }
}
