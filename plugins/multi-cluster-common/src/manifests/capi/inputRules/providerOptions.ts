import type { CapiInputRule } from './types';

/**
 * A classic cluster names its region (except on docker) and its GCP project;
 * options of a provider are only given for that provider.
 */
export const providerOptionsMatch: CapiInputRule = (input, issue) => {
  if (input.provider !== 'docker' && !input.region && !input.topology) {
    issue(`region is required for provider ${input.provider}`, ['region']);
  }
  if (input.provider === 'gcp' && !input.gcp && !input.topology) {
    issue('gcp.project is required for provider gcp', ['gcp', 'project']);
  }
  for (const other of ['aws', 'gcp', 'azure'] as const) {
    if (input[other] && input.provider !== other) {
      issue(`${other} options given but provider is ${input.provider}`, [
        other,
      ]);
    }
  }
};
