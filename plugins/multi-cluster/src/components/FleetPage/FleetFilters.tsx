import type { Dispatch, SetStateAction } from 'react';
import {
  Box,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
} from '@material-ui/core';
import type { FleetCluster } from '@flotilla/plugin-multi-cluster-common';
import { AXES, type AxisFilters, type FleetAxis } from './fleetAxes';

/** One axis: "All" or one of the values the fleet's clusters have on it. */
function AxisFilter(props: {
  axis: FleetAxis;
  clusters: FleetCluster[];
  filters: AxisFilters;
  setFilters: Dispatch<SetStateAction<AxisFilters>>;
}) {
  const { axis } = props;
  const options = [
    ...new Set(props.clusters.map(axis.value).filter(Boolean) as string[]),
  ].sort();
  return (
    <FormControl variant="outlined" size="small" style={{ minWidth: 160 }}>
      <InputLabel id={`filter-${axis.id}`}>{axis.title}</InputLabel>
      <Select
        labelId={`filter-${axis.id}`}
        label={axis.title}
        value={props.filters[axis.id] ?? ''}
        onChange={e =>
          props.setFilters(f => ({
            ...f,
            [axis.id]: (e.target.value as string) || undefined,
          }))
        }
        SelectDisplayProps={{ 'data-testid': `filter-${axis.id}` } as object}
      >
        <MenuItem value="">
          <em>All</em>
        </MenuItem>
        {options.map(option => (
          <MenuItem key={option} value={option}>
            {option}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

/** A filter per segmentation axis. */
export function FleetFilters(props: {
  clusters: FleetCluster[];
  filters: AxisFilters;
  setFilters: Dispatch<SetStateAction<AxisFilters>>;
}) {
  return (
    <Box display="flex" flexWrap="wrap" style={{ gap: 16 }}>
      {AXES.map(axis => (
        <AxisFilter key={axis.id} axis={axis} {...props} />
      ))}
    </Box>
  );
}
