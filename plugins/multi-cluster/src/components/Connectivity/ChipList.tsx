import { Box, Chip } from '@material-ui/core';

/** Small chips in a row, one a label (labels are unique, they key the chips). */
export function ChipList(props: {
  labels: string[];
  color?: 'primary';
  variant?: 'outlined';
}) {
  return (
    <>
      {props.labels.map(label => (
        <Box component="span" mr={0.5} key={label}>
          <Chip
            size="small"
            color={props.color}
            variant={props.variant}
            label={label}
          />
        </Box>
      ))}
    </>
  );
}
