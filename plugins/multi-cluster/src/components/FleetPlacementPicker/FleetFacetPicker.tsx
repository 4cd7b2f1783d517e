import { ChangeEvent } from 'react';
import Checkbox from '@material-ui/core/Checkbox';
import FormControl from '@material-ui/core/FormControl';
import FormControlLabel from '@material-ui/core/FormControlLabel';
import FormGroup from '@material-ui/core/FormGroup';
import FormHelperText from '@material-ui/core/FormHelperText';
import FormLabel from '@material-ui/core/FormLabel';
import MenuItem from '@material-ui/core/MenuItem';
import TextField from '@material-ui/core/TextField';
import useAsync from 'react-use/esm/useAsync';
import { useApi } from '@backstage/core-plugin-api';
import type { FieldExtensionComponentProps } from '@backstage/plugin-scaffolder-react';
import { multiClusterApiRef } from '../../api';
import { facetValues, FLEET_FACETS, FleetFacet, isFleetFacet } from './facets';

/**
 * `ui:options` of the FleetFacetPicker field.
 *
 * @public
 */
export interface FleetFacetPickerUiOptions {
  facet?: FleetFacet;
}

/**
 * A facet field's value: one name (`type: string`) or several (`type: array`).
 *
 * @public
 */
export type FleetFacetValue = string | string[] | undefined;

function MultiSelect(props: {
  label: string;
  offered: string[];
  value: string[];
  onChange: (v: string[]) => void;
}) {
  const { label, offered, value, onChange } = props;
  const toggle = (item: string) => (_: unknown, checked: boolean) =>
    onChange(checked ? [...value, item] : value.filter(v => v !== item));
  return (
    <>
      <FormLabel component="legend">{label}</FormLabel>
      <FormGroup row>
        {offered.map(item => (
          <FormControlLabel
            key={item}
            label={item}
            control={
              <Checkbox
                checked={value.includes(item)}
                onChange={toggle(item)}
              />
            }
          />
        ))}
      </FormGroup>
    </>
  );
}

function SingleSelect(props: {
  id?: string;
  label: string;
  required?: boolean;
  offered: string[];
  value: string;
  onChange: (v: string | undefined) => void;
}) {
  const { id, label, required, offered, value, onChange } = props;
  return (
    <TextField
      select
      id={id}
      label={label}
      required={required}
      value={value}
      onChange={(e: ChangeEvent<{ value: unknown }>) =>
        onChange(String(e.target.value) || undefined)
      }
    >
      {!required && <MenuItem value="">(any)</MenuItem>}
      {offered.map(item => (
        <MenuItem key={item} value={item}>
          {item}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The form's value as a list: one value, several, or none. */
function chosenValues(formData: FleetFacetValue): string[] {
  if (Array.isArray(formData)) return formData;
  return typeof formData === 'string' && formData ? [formData] : [];
}

/**
 * Scaffolder field: one value (`type: string`) or several (`type: array`)
 * of a list the live fleet declares (`ui:options.facet`), so templates
 * never list regions, jurisdictions or environments by hand.
 *
 * @public
 */
export function FleetFacetPicker(
  props: FieldExtensionComponentProps<
    FleetFacetValue,
    FleetFacetPickerUiOptions
  >,
) {
  const { formData, onChange, schema, uiSchema, rawErrors, required } = props;
  const facet = uiSchema?.['ui:options']?.facet;
  const api = useApi(multiClusterApiRef);
  const options = useAsync(() => api.getPlacementOptions(), [api]);
  const label =
    schema.title ?? (isFleetFacet(facet) ? FLEET_FACETS[facet] : 'Value');
  if (!isFleetFacet(facet)) {
    return (
      <FormHelperText error>
        ui:options.facet must be one of {Object.keys(FLEET_FACETS).join(', ')}
      </FormHelperText>
    );
  }
  const offered = options.value ? facetValues(options.value, facet) : [];
  const chosen = chosenValues(formData);
  // What the form holds stays selectable while the fleet is read.
  const listed = [...new Set([...offered, ...chosen])];
  return (
    <FormControl
      fullWidth
      margin="normal"
      required={required}
      error={!!rawErrors?.length}
    >
      {schema.type === 'array' ? (
        <MultiSelect
          label={label}
          offered={listed}
          value={chosen}
          onChange={onChange}
        />
      ) : (
        <SingleSelect
          id={props.idSchema?.$id}
          label={label}
          required={required}
          offered={listed}
          value={chosen[0] ?? ''}
          onChange={onChange}
        />
      )}
      {options.loading && <FormHelperText>Reading the fleet…</FormHelperText>}
      {options.error && (
        <FormHelperText error>
          Fleet unavailable: {options.error.message}
        </FormHelperText>
      )}
      {options.value && offered.length === 0 && (
        <FormHelperText>
          The fleet declares no {FLEET_FACETS[facet]}.
        </FormHelperText>
      )}
      {schema.description && (
        <FormHelperText>{schema.description}</FormHelperText>
      )}
    </FormControl>
  );
}
