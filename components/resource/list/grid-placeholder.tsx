'use client';
// The grid's place while its module loads (it is kept out of the list's first load): the same
// frame and height as before, and the rows the list already has (the server's first page) as a
// plain read-only table, so the page's HTML shows them before any script runs. Row heights follow
// the grid's compact density, so the grid replaces the table without the page jumping.
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { createContext, useContext } from 'react';
import type { ApiRecord, ListColumn } from '@/lib/resource-ui';
import { cellText, cellValue } from '../cell-text';
import { useT } from '../use-t';

export type GridPlaceholderContent = {
  rows: ApiRecord[];
  columns: ListColumn[];
  /** The grid's column visibility model (columns hidden on phones are false). */
  visibility: Record<string, boolean>;
  labelledBy: string;
};

// next/dynamic renders the placeholder without the grid's props: the list hands them down here.
export const GridPlaceholderContext = createContext<GridPlaceholderContent | null>(null);

const NUMERIC = new Set<ListColumn['type']>(['number', 'money']);

export function GridPlaceholder() {
  const content = useContext(GridPlaceholderContext);
  const t = useT();
  const columns = content?.columns.filter((column) => content.visibility[column.field] !== false) ?? [];
  return (
    <Box aria-busy="true" sx={{ borderTop: 1, borderColor: 'divider', minHeight: 420, position: 'relative', overflowX: 'auto' }}>
      <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />
      {content && content.rows.length > 0 && (
        <Box
          component="table"
          aria-labelledby={content.labelledBy}
          data-testid="resource-rows-ssr"
          sx={{
            width: '100%',
            borderCollapse: 'collapse',
            typography: 'body2',
            '& th, & td': { px: 1.25, borderBottom: 1, borderColor: 'divider', textAlign: 'left', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: 320 },
            '& th': { height: 39, fontWeight: 500 },
            '& td': { height: 36 },
            '& .numeric': { textAlign: 'right' },
          }}
        >
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.field} scope="col" className={NUMERIC.has(column.type) ? 'numeric' : undefined}>
                  {t(column.headerKey)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {content.rows.map((row, index) => (
              <tr key={String(row.id ?? index)}>
                {columns.map((column) => (
                  <td key={column.field} className={NUMERIC.has(column.type) ? 'numeric' : undefined}>
                    {cellText(column, cellValue(column, row), t)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </Box>
      )}
    </Box>
  );
}
