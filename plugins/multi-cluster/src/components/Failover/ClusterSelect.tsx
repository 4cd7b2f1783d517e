import { FormControl, InputLabel, MenuItem, Select } from '@material-ui/core';

/** An outlined cluster picker; `first` is an option listed before the clusters. */
export function ClusterSelect(props: {
  id: string;
  label: string;
  value: string;
  clusters: string[];
  first?: { value: string; label: string };
  onChange(value: string): void;
}) {
  return (
    <FormControl variant="outlined" size="small" style={{ minWidth: 240 }}>
      <InputLabel id={props.id}>{props.label}</InputLabel>
      <Select
        labelId={props.id}
        label={props.label}
        value={props.value}
        onChange={e => props.onChange(e.target.value as string)}
      >
        {props.first && (
          <MenuItem value={props.first.value}>{props.first.label}</MenuItem>
        )}
        {props.clusters.map(name => (
          <MenuItem key={name} value={name}>
            {name}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
