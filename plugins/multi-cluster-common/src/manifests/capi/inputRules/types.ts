import type { z } from 'zod';
import type { CapiClusterFields } from '../types';

/** Reports one problem of the input at a path. */
export type ReportIssue = (message: string, path: (string | number)[]) => void;

/** One cross-field rule of the Cluster API generator's input. */
export type CapiInputRule = (
  input: CapiClusterFields,
  issue: ReportIssue,
  ctx: z.RefinementCtx,
) => void;
