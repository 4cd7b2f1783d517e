import { useState, type ReactNode } from 'react';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Button,
  Typography,
} from '@material-ui/core';
import ExpandMoreIcon from '@material-ui/icons/ExpandMore';

/** How many items a section renders per "Show more". */
export const PAGE_SIZE = 25;

/**
 * A section closed until opened, whose items render a page at a time: a
 * fleet of 500 clusters costs nothing until someone reads the list.
 */
export function CollapsedSection<T>(props: {
  title: string;
  testId: string;
  items: T[];
  render(page: T[]): ReactNode;
}) {
  const [shown, setShown] = useState(PAGE_SIZE);
  const { items } = props;
  return (
    <Accordion
      TransitionProps={{ unmountOnExit: true }}
      data-testid={props.testId}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography variant="subtitle2">{props.title}</Typography>
      </AccordionSummary>
      <AccordionDetails>
        <Box width="100%">
          {props.render(items.slice(0, shown))}
          {items.length > shown && (
            <Button size="small" onClick={() => setShown(shown + PAGE_SIZE)}>
              Show more ({items.length - shown} left)
            </Button>
          )}
        </Box>
      </AccordionDetails>
    </Accordion>
  );
}
