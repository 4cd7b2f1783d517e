import { checkNetworksDoNotOverlap } from '../../validation/schemas';
import type { CapiInputRule } from './types';

/** Pod and service networks must not overlap. */
export const networksDoNotOverlap: CapiInputRule = (input, _issue, ctx) =>
  checkNetworksDoNotOverlap(
    ctx,
    { path: ['podCidrs'], blocks: input.podCidrs },
    { path: ['serviceCidrs'], blocks: input.serviceCidrs },
  );
