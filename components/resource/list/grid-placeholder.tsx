'use client';
// The grid's place while its module loads (it is kept out of the list's first load): the rows the
// list already has (the server's first page) as a plain read-only table, so the page's HTML shows
// them before any script runs. It is laid out as the grid will be (the grid's compact row heights,
// its column widths, room for its footer), so the grid replaces it without the page jumping; with
// no rows yet it keeps the frame's old height.
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

/** The DataGrid's sizes at compact density, and the widths resource-grid gives columns. */
const HEADER_HEIGHT = 39;
const ROW_HEIGHT = 36;
const FOOTER_HEIGHT = 52;
const EMPTY_HEIGHT = 420;
const MIN_COLUMN_WIDTH = 120;
const STATUS_WIDTH = 120;

const NUMERIC = new Set<ListColumn['type']>(['number', 'money']);

function fixedWidth(column: ListColumn): number | undefined {
  return column.width ?? (column.type === 'status' ? STATUS_WIDTH : undefined);
}

export function GridPlaceholder() {
  const content = useContext(GridPlaceholderContext);
  const t = useT();
  const rows = content?.rows ?? [];
  const columns = content?.columns.filter((column) => content.visibility[column.field] !== false) ?? [];
  const alignOf = (column: ListColumn) => (NUMERIC.has(column.type) ? 'numeric' : undefined);
  return (
    <Box aria-busy="true" sx={{ borderTop: 1, borderColor: 'divider', minHeight: rows.length ? 0 : EMPTY_HEIGHT, position: 'relative', overflowX: 'auto' }}>
      <LinearProgress aria-label={t('resource.loading')} sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />
      {rows.length > 0 && (
        <>
          <Box
            component="table"
            aria-labelledby={content?.labelledBy}
            data-testid="resource-rows-ssr"
            sx={{
              width: '100%',
              minWidth: columns.reduce((sum, column) => sum + (fixedWidth(column) ?? MIN_COLUMN_WIDTH), 0),
              tableLayout: 'fixed',
              borderCollapse: 'collapse',
              typography: 'body2',
              '& th, & td': { px: 1.25, borderBottom: 1, borderColor: 'divider', textAlign: 'left', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
              '& th': { height: HEADER_HEIGHT, fontWeight: 500 },
              '& td': { height: ROW_HEIGHT },
              '& .numeric': { textAlign: 'right' },
            }}
          >
            <colgroup>
              {columns.map((column) => (
                <col key={column.field} style={{ width: fixedWidth(column) }} />
              ))}
            </colgroup>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column.field} scope="col" className={alignOf(column)}>
                    {t(column.headerKey)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={String(row.id ?? index)}>
                  {columns.map((column) => (
                    <td key={column.field} className={alignOf(column)}>
                      {cellText(column, cellValue(column, row), t)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </Box>
          {/* Where the grid's pagination footer will be. */}
          <Box aria-hidden sx={{ height: FOOTER_HEIGHT }} />
        </>
      )}
    </Box>
  );
}
