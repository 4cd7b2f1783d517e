import type { ReactNode } from 'react';
import {
  Table as MuiTable,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
} from '@material-ui/core';

/** A header cell: its title, or its title and alignment (numbers align right). */
export type SmallTableColumn = string | { title: string; align: 'right' };

/** A dense Material UI table with one header row; the caller gives the body rows. */
export function SmallTable(props: {
  'aria-label': string;
  columns: SmallTableColumn[];
  children: ReactNode;
}) {
  return (
    <MuiTable size="small" aria-label={props['aria-label']}>
      <TableHead>
        <TableRow>
          {props.columns.map((column, index) =>
            typeof column === 'string' ? (
              <TableCell key={index}>{column}</TableCell>
            ) : (
              <TableCell key={index} align={column.align}>
                {column.title}
              </TableCell>
            ),
          )}
        </TableRow>
      </TableHead>
      <TableBody>{props.children}</TableBody>
    </MuiTable>
  );
}
