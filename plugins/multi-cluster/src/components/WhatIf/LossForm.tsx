import { useState } from 'react';
import { Box, Button, CircularProgress, TextField } from '@material-ui/core';
import Autocomplete from '@material-ui/lab/Autocomplete';
import type {
  FleetCluster,
  WhatIfLoss,
} from '@flotilla/plugin-multi-cluster-common';

type LossField = keyof WhatIfLoss;

const FIELDS: { field: LossField; label: string }[] = [
  { field: 'regions', label: 'Regions' },
  { field: 'clusters', label: 'Clusters' },
  { field: 'providers', label: 'Providers' },
];

/** The names the fleet has on each axis of a loss, sorted. */
export function lossOptions(
  clusters: FleetCluster[],
): Record<LossField, string[]> {
  const distinct = (values: (string | undefined)[]) =>
    [...new Set(values.filter((v): v is string => Boolean(v)))].sort();
  return {
    regions: distinct(clusters.map(c => c.region)),
    clusters: distinct(clusters.map(c => c.name)),
    providers: distinct(clusters.map(c => c.provider)),
  };
}

/** The loss as the backend takes it: only the fields with a choice. */
function lossOf(choices: Record<LossField, string[]>): WhatIfLoss {
  const loss: WhatIfLoss = {};
  for (const { field } of FIELDS) {
    if (choices[field].length > 0) loss[field] = choices[field];
  }
  return loss;
}

/** Regions, clusters and providers to lose, and the button that plans it. */
export function LossForm(props: {
  clusters: FleetCluster[];
  busy: boolean;
  onRun(loss: WhatIfLoss): void;
}) {
  const options = lossOptions(props.clusters);
  const [choices, setChoices] = useState<Record<LossField, string[]>>({
    regions: [],
    clusters: [],
    providers: [],
  });
  const nothingChosen = FIELDS.every(({ field }) => !choices[field].length);
  return (
    <Box display="flex" flexWrap="wrap" alignItems="center" style={{ gap: 16 }}>
      {FIELDS.map(({ field, label }) => (
        <Autocomplete
          key={field}
          multiple
          id={`what-if-${field}`}
          options={options[field]}
          value={choices[field]}
          onChange={(_event, value) =>
            setChoices(current => ({ ...current, [field]: value }))
          }
          style={{ minWidth: 260 }}
          renderInput={params => (
            <TextField
              {...params}
              label={label}
              variant="outlined"
              size="small"
            />
          )}
        />
      ))}
      <Button
        variant="contained"
        color="primary"
        disabled={props.busy || nothingChosen}
        onClick={() => props.onRun(lossOf(choices))}
      >
        Run what-if
      </Button>
      {props.busy && <CircularProgress size={20} />}
    </Box>
  );
}
