import { useState } from 'react';
import { Box, Chip } from '@material-ui/core';

/**
 * Chips shown before the rest fold into "+N more": a dependency that runs
 * on 500 clusters would otherwise draw 500 chips (thousands of elements)
 * every time the card renders.
 */
export const SHOWN_CHIPS = 12;

/**
 * Small chips in a row, one a label (labels are unique, they key the
 * chips); past {@link SHOWN_CHIPS}, the rest behind a "+N more" chip.
 */
export function ChipList(props: {
  labels: string[];
  color?: 'primary';
  variant?: 'outlined';
}) {
  const [expanded, setExpanded] = useState(false);
  const folded = !expanded && props.labels.length > SHOWN_CHIPS;
  const shown = folded ? props.labels.slice(0, SHOWN_CHIPS) : props.labels;
  return (
    <>
      {shown.map(label => (
        <Box component="span" mr={0.5} key={label}>
          <Chip
            size="small"
            color={props.color}
            variant={props.variant}
            label={label}
          />
        </Box>
      ))}
      {folded && (
        <Chip
          size="small"
          clickable
          label={`+${props.labels.length - SHOWN_CHIPS} more`}
          onClick={() => setExpanded(true)}
        />
      )}
    </>
  );
}
