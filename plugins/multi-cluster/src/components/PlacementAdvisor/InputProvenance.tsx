import { TableCell, TableRow, Typography } from '@material-ui/core';
import {
  PLACEMENT_INPUT_NAMES,
  type EntityPlacementAdvice,
  type PlacementInputProvenance,
} from '@flotilla/plugin-multi-cluster-common';
import { SmallTable } from '../common/SmallTable';
import { CollapsedSection } from './CollapsedSection';

type ClusterInputs = EntityPlacementAdvice['inputs'][number];

/** How many inputs said nothing, over all clusters (absent counts as unknown). */
export function unknownInputCount(inputs: ClusterInputs[]): number {
  return inputs.reduce(
    (sum, c) =>
      sum + PLACEMENT_INPUT_NAMES.filter(n => !c.inputs[n]?.known).length,
    0,
  );
}

function InputCell(props: { input?: PlacementInputProvenance }) {
  const { input } = props;
  if (!input?.known) {
    return (
      <TableCell>
        <Typography variant="body2" color="error">
          unknown
        </Typography>
        <Typography variant="caption">
          {input?.detail ?? 'no source said'}
        </Typography>
      </TableCell>
    );
  }
  return (
    <TableCell title={input.readAt ? `read at ${input.readAt}` : undefined}>
      <Typography variant="body2">{input.source}</Typography>
      <Typography variant="caption">{input.detail}</Typography>
    </TableCell>
  );
}

/** Per cluster, where each input came from; unknown ones marked. */
export function InputProvenance(props: { inputs: ClusterInputs[] }) {
  const unknown = unknownInputCount(props.inputs);
  return (
    <CollapsedSection
      title={`Input provenance (${props.inputs.length} clusters, ${unknown} unknown inputs)`}
      testId="placement-advice-inputs"
      items={props.inputs}
      render={page => (
        <SmallTable
          aria-label="Input provenance"
          columns={['Cluster', ...PLACEMENT_INPUT_NAMES]}
        >
          {page.map(c => (
            <TableRow key={c.cluster} data-testid={`inputs-${c.cluster}`}>
              <TableCell>
                {c.cluster}
                {c.region ? ` (${c.region})` : ''}
              </TableCell>
              {PLACEMENT_INPUT_NAMES.map(name => (
                <InputCell key={name} input={c.inputs[name]} />
              ))}
            </TableRow>
          ))}
        </SmallTable>
      )}
    />
  );
}
