import { ChangeEvent, useMemo } from 'react';
import FormControl from '@material-ui/core/FormControl';
import FormHelperText from '@material-ui/core/FormHelperText';
import ListItemText from '@material-ui/core/ListItemText';
import MenuItem from '@material-ui/core/MenuItem';
import TextField from '@material-ui/core/TextField';
import type { FieldExtensionComponentProps } from '@backstage/plugin-scaffolder-react';
import {
  PLACEMENT_TARGET_AUTO,
  type RecommendPlacementRequest,
} from '@flotilla/plugin-multi-cluster-common';
import { PlacementAdviceNote } from './PlacementAdviceNote';
import {
  PlacementRequirementFields,
  requirementsFromForm,
} from './requirementsFromForm';
import { adviseTargets, autoPick, TargetVerdict } from './targetAdvice';
import { usePlacementPickerData } from './usePlacementPickerData';

/**
 * `ui:options` of the FleetPlacementPicker field.
 *
 * @public
 */
export interface FleetPlacementPickerUiOptions {
  /** The sibling fields the advice reads (defaults: replicas, userRegions, jurisdictions, requiredCompliance, minRegions, environment). */
  requirementFields?: PlacementRequirementFields;
  /** Requirements the template fixes, e.g. `resourceRequest`. */
  requirements?: Partial<RecommendPlacementRequest>;
}

type Choice = { value: string; label: string; verdict?: TargetVerdict };

function choicesOf(data: ReturnType<typeof usePlacementPickerData>) {
  const options = data.options.value;
  const advice = data.advice.value;
  const verdicts =
    options && advice ? adviseTargets(options, advice) : undefined;
  const regions: Choice[] = (options?.regions ?? []).map(r => ({
    value: `region:${r.name}`,
    label: `${r.name} (${r.clusters.length} cluster${
      r.clusters.length === 1 ? '' : 's'
    })`,
    verdict: verdicts?.regions.get(r.name),
  }));
  const clusters: Choice[] = (options?.clusters ?? []).map(c => ({
    value: `cluster:${c.name}`,
    label: c.region ? `${c.name} (${c.region})` : c.name,
    verdict: verdicts?.clusters.get(c.name),
  }));
  return { regions, clusters };
}

const describe = (verdict?: TargetVerdict) =>
  verdict ? `${verdict.status}: ${verdict.detail}` : undefined;

function menuItem(choice: Choice) {
  return (
    <MenuItem key={choice.value} value={choice.value}>
      <ListItemText
        primary={choice.label}
        secondary={describe(choice.verdict)}
      />
    </MenuItem>
  );
}

/**
 * Scaffolder field: where the template's placement may go on the live fleet
 * (`auto`, `region:<name>` or `cluster:<name>`), each choice with the
 * advice for the requirements the form already states.
 *
 * @public
 */
export function FleetPlacementPicker(
  props: FieldExtensionComponentProps<string, FleetPlacementPickerUiOptions>,
) {
  const { formData, onChange, schema, uiSchema, rawErrors, required } = props;
  const ui = uiSchema?.['ui:options'] ?? {};
  const value = formData || PLACEMENT_TARGET_AUTO;
  const siblings = (props.formContext?.formData ?? {}) as Record<
    string,
    unknown
  >;
  const asked = useMemo(
    () => requirementsFromForm(siblings, ui.requirementFields, ui.requirements),
    // The form hands a new object on every render; its content decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [JSON.stringify([siblings, ui.requirementFields, ui.requirements])],
  );
  const data = usePlacementPickerData(asked);
  const { regions, clusters } = choicesOf(data);
  const picked = [...regions, ...clusters].find(c => c.value === value);
  const advice = data.advice.value;
  const autoLabel = advice
    ? `auto: ${
        autoPick(advice)
          .map(t => t.name)
          .join(', ') || 'nothing fits'
      }`
    : 'auto: let Flotilla decide';
  return (
    <FormControl
      fullWidth
      margin="normal"
      required={required}
      error={!!rawErrors?.length}
    >
      <TextField
        select
        id={props.idSchema?.$id}
        label={schema.title ?? 'Placement'}
        required={required}
        value={value}
        onChange={(e: ChangeEvent<{ value: unknown }>) =>
          onChange(String(e.target.value))
        }
        inputProps={{ 'data-testid': 'placement-target' }}
      >
        <MenuItem value={PLACEMENT_TARGET_AUTO}>
          <ListItemText
            primary={autoLabel}
            secondary="the template's recommend step decides"
          />
        </MenuItem>
        {regions.length > 0 && <MenuItem disabled>Regions</MenuItem>}
        {regions.map(menuItem)}
        {clusters.length > 0 && <MenuItem disabled>Clusters</MenuItem>}
        {clusters.map(menuItem)}
        {value !== PLACEMENT_TARGET_AUTO && !picked && (
          <MenuItem value={value}>{value}</MenuItem>
        )}
      </TextField>
      <PlacementAdviceNote
        value={value}
        updating={data.updating}
        error={data.advice.error}
        problem={'problem' in asked ? asked.problem : undefined}
        advice={advice}
        verdict={picked?.verdict}
      />
      {data.options.error && (
        <FormHelperText>
          Regions and clusters unavailable ({data.options.error.message}); auto
          still works.
        </FormHelperText>
      )}
      {schema.description && (
        <FormHelperText>{schema.description}</FormHelperText>
      )}
    </FormControl>
  );
}
