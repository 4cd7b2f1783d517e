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

type Value = string | string[] | undefined;

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

/**
 * Scaffolder field: one value (`type: string`) or several (`type: array`)
 * of a list the live fleet declares (`ui:options.facet`), so templates
 * never list regions, jurisdictions or environments by hand.
 *
 * @public
 */
export function FleetFacetPicker(
  props: FieldExtensionComponentProps<Value, FleetFacetPickerUiOptions>,
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
  const multiple = schema.type === 'array';
  const chosen = multiple
    ? Array.isArray(formData)
      ? formData
      : []
    : typeof formData === 'string'
    ? formData
    : '';
  // What the form holds stays selectable while the fleet is read.
  const listed = [
    ...new Set([
      ...offered,
      ...(Array.isArray(chosen) ? chosen : chosen ? [chosen] : []),
    ]),
  ];
  return (
    <FormControl
      fullWidth
      margin="normal"
      required={required}
      error={!!rawErrors?.length}
    >
      {multiple ? (
        <MultiSelect
          label={label}
          offered={listed}
          value={chosen as string[]}
          onChange={onChange}
        />
      ) : (
        <TextField
          select
          id={props.idSchema?.$id}
          label={label}
          required={required}
          value={chosen}
          onChange={(e: ChangeEvent<{ value: unknown }>) =>
            onChange(String(e.target.value) || undefined)
          }
        >
          {!required && <MenuItem value="">(any)</MenuItem>}
          {listed.map(item => (
            <MenuItem key={item} value={item}>
              {item}
            </MenuItem>
          ))}
        </TextField>
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
