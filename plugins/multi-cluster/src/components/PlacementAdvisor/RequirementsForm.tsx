import { useState } from 'react';
import { Box, Button, Grid, TextField } from '@material-ui/core';
import type { RecommendPlacementRequest } from '@flotilla/plugin-multi-cluster-common';
import {
  formValuesOf,
  requirementsOf,
  type RequirementsField,
  type RequirementsFormErrors,
} from './requirementsForm';

const FIELDS: { field: RequirementsField; label: string; hint?: string }[] = [
  { field: 'replicas', label: 'Replicas' },
  { field: 'cpu', label: 'CPU per replica', hint: 'e.g. 500m' },
  { field: 'memory', label: 'Memory per replica', hint: 'e.g. 1Gi' },
  { field: 'gpu', label: 'GPUs per replica' },
  { field: 'userRegions', label: 'User regions', hint: 'comma-separated' },
  {
    field: 'allowedJurisdictions',
    label: 'Allowed jurisdictions',
    hint: 'comma-separated',
  },
  {
    field: 'requiredCompliance',
    label: 'Required compliance',
    hint: 'comma-separated',
  },
  { field: 'minRegions', label: 'Min regions' },
  { field: 'maxCostPerHour', label: 'Max cost/hour' },
  { field: 'gpuModels', label: 'GPU models', hint: 'comma-separated' },
];

/**
 * The requirements the advice answered, editable; "Advise" asks again with
 * the edited ones. Mount it with a `key` of the requirements so a new
 * answer resets the fields.
 */
export function RequirementsForm(props: {
  initial?: RecommendPlacementRequest;
  busy: boolean;
  onAdvise(requirements: RecommendPlacementRequest): void;
}) {
  const [values, setValues] = useState(() => formValuesOf(props.initial));
  const [errors, setErrors] = useState<RequirementsFormErrors>({});
  const submit = () => {
    const result = requirementsOf(values, props.initial);
    setErrors(result.errors);
    if (result.requirements) props.onAdvise(result.requirements);
  };
  return (
    <Box
      component="form"
      onSubmit={e => {
        e.preventDefault();
        submit();
      }}
    >
      <Grid container spacing={1}>
        {FIELDS.map(({ field, label, hint }) => (
          <Grid item xs={6} md={3} lg={2} key={field}>
            <TextField
              id={`placement-advice-${field}`}
              label={label}
              size="small"
              fullWidth
              value={values[field]}
              error={Boolean(errors[field])}
              helperText={errors[field] ?? hint}
              onChange={e => setValues({ ...values, [field]: e.target.value })}
            />
          </Grid>
        ))}
      </Grid>
      <Button
        type="submit"
        variant="outlined"
        color="primary"
        disabled={props.busy}
      >
        Advise
      </Button>
    </Box>
  );
}
