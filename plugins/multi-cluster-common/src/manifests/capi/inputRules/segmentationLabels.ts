import { segmentationLabelValues } from '../segmentationLabels';
import type { CapiInputRule } from './types';

/** A label given explicitly agrees with the segmentation label derived from the input. */
export const labelsAgreeWithSegmentation: CapiInputRule = (input, issue) => {
  const derived: Record<string, string | undefined> = Object.fromEntries(
    segmentationLabelValues(input),
  );
  for (const [key, value] of Object.entries(input.labels ?? {})) {
    if (derived[key] !== undefined && derived[key] !== value) {
      issue(
        `label ${key}=${value} contradicts the value ${derived[key]} derived from the input`,
        ['labels', key],
      );
    }
  }
};
