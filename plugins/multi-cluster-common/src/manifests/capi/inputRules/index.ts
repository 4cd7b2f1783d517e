import { z } from 'zod';
import type { CapiClusterFields } from '../types';
import { dockerHasNoMachineTypes } from './dockerMachineTypes';
import { networksDoNotOverlap } from './networks';
import { providerOptionsMatch } from './providerOptions';
import { labelsAgreeWithSegmentation } from './segmentationLabels';
import { topologyOwnsClassSettings } from './topologyOwnership';
import type { CapiInputRule } from './types';
import { workerPoolsAreValid } from './workerPools';

/** The input's cross-field rules, in the order their issues are reported. */
const CAPI_INPUT_RULES: CapiInputRule[] = [
  networksDoNotOverlap,
  workerPoolsAreValid,
  providerOptionsMatch,
  topologyOwnsClassSettings,
  dockerHasNoMachineTypes,
  labelsAgreeWithSegmentation,
];

/** Checks every cross-field rule of a Cluster API generator input. */
export function checkCapiClusterInput(
  input: CapiClusterFields,
  ctx: z.RefinementCtx,
): void {
  const issue = (message: string, path: (string | number)[]) =>
    ctx.addIssue({ code: z.ZodIssueCode.custom, message, path });
  for (const rule of CAPI_INPUT_RULES) rule(input, issue, ctx);
}
