import { Box, Button, Typography } from '@material-ui/core';
import Alert from '@material-ui/lab/Alert';
import {
  SERVICE_ANNOTATIONS,
  type AnnotationProblem,
} from '@flotilla/plugin-multi-cluster-common';

/** The annotations placement advice reads its requirements from. */
export const ADVICE_ANNOTATIONS = [
  SERVICE_ANNOTATIONS.replicas,
  SERVICE_ANNOTATIONS.resourceRequest,
  SERVICE_ANNOTATIONS.userRegions,
  SERVICE_ANNOTATIONS.dataResidency,
  SERVICE_ANNOTATIONS.requiredCompliance,
  SERVICE_ANNOTATIONS.minRegions,
  SERVICE_ANNOTATIONS.maxCostPerHour,
  SERVICE_ANNOTATIONS.gpuModels,
];

/** Where the requirements came from: the annotations (shown), or edits. */
export function RequirementsSource(props: {
  annotations: Record<string, string>;
  edited: boolean;
  problems: AnnotationProblem[];
  onReset(): void;
}) {
  const declared = ADVICE_ANNOTATIONS.filter(
    key => props.annotations[key] !== undefined,
  );
  return (
    <Box mb={1} data-testid="placement-advice-source">
      <Typography variant="body2">
        {props.edited
          ? 'Advice for the requirements edited below (the annotations are unchanged).'
          : 'Advice for the requirements in the service’s annotations:'}
        {props.edited && (
          <Button size="small" onClick={props.onReset}>
            Back to the annotations
          </Button>
        )}
      </Typography>
      {!props.edited && (
        <Typography variant="caption" component="div">
          {declared.length > 0
            ? declared.map(key => `${key}=${props.annotations[key]}`).join('  ')
            : 'none of the placement annotations is set'}
        </Typography>
      )}
      {props.problems.length > 0 && (
        <Alert severity="warning" data-testid="placement-advice-problems">
          {props.problems.map(p => `${p.annotation}: ${p.message}`).join(' | ')}
        </Alert>
      )}
    </Box>
  );
}
