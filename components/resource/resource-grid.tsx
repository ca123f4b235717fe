'use client';
// The DataGrid of a list screen, in a module of its own: MUI X DataGrid is the largest piece of the
// client code, so a list page loads it next to its rows (see resource-list.tsx) instead of before
// the page works. Server pagination and sorting; each row's actions as icon buttons.
import { DataGrid, GridActionsCellItem, type GridColDef, type GridPaginationModel, type GridSortModel } from '@mui/x-data-grid';
import { esES } from '@mui/x-data-grid/locales';
import { useLocale } from 'next-intl';
import { type ReactElement, useMemo } from 'react';
import { type ApiRecord, type ListColumn, PAGE_SIZES } from '@/lib/resource-ui';
import { gridColumn } from './cell-value';
import type { LooseTranslate } from './use-t';

export type GridRowAction = { key: string; label: string; icon: ReactElement; onClick: () => void; testId: string };

export type ResourceGridProps = {
  rows: ApiRecord[];
  total: number;
  loading: boolean;
  columns: ListColumn[];
  /** The actions of a row; `actionCount` is the most any row has (it sizes the column). */
  rowActions: (record: ApiRecord) => GridRowAction[];
  actionCount: number;
  actionsHeader: string;
  page: number;
  pageSize: number;
  onPagination: (model: GridPaginationModel) => void;
  sortModel: GridSortModel;
  onSort: (model: GridSortModel) => void;
  columnVisibilityModel: Record<string, boolean>;
  /** A click on a row (not on one of its buttons) opens the record. */
  onRowClick: (record: ApiRecord) => void;
  labelledBy: string;
  t: LooseTranslate;
};

/** The grid's own texts (pagination, column menu, "no rows") in the interface language; English is the grid's default. */
const SPANISH = esES.components.MuiDataGrid.defaultProps.localeText;

export function ResourceGrid(props: ResourceGridProps) {
  const { columns: listColumns, rowActions, actionCount, actionsHeader, t } = props;
  const locale = useLocale();
  const columns: GridColDef<ApiRecord>[] = useMemo(() => {
    const list = listColumns.map((column) => gridColumn(column, t));
    if (actionCount === 0) return list;
    list.push({
      field: '__actions',
      type: 'actions',
      headerName: actionsHeader,
      width: Math.max(80, actionCount * 40 + 16),
      getActions: (params) =>
        rowActions(params.row).map((action) => (
          <GridActionsCellItem key={action.key} icon={action.icon} label={action.label} title={action.label} onClick={action.onClick} data-testid={`${action.testId}-${params.row.id}`} />
        )),
    });
    return list;
  }, [listColumns, rowActions, actionCount, actionsHeader, t]);

  return (
    <DataGrid<ApiRecord>
      rows={props.rows}
      columns={columns}
      getRowId={(row) => row.id as number | string}
      rowCount={props.total}
      loading={props.loading}
      paginationMode="server"
      sortingMode="server"
      filterMode="server"
      paginationModel={{ page: props.page, pageSize: props.pageSize }}
      onPaginationModelChange={props.onPagination}
      pageSizeOptions={[...PAGE_SIZES]}
      sortModel={props.sortModel}
      onSortModelChange={props.onSort}
      columnVisibilityModel={props.columnVisibilityModel}
      disableColumnFilter
      disableRowSelectionOnClick
      onRowClick={(params, event) => {
        // A row's own buttons and links do their own thing.
        if ((event.target as HTMLElement).closest('button, a, input')) return;
        props.onRowClick(params.row);
      }}
      // Enter on a row's cell opens the record as a click does (the actions cell keeps its buttons).
      onCellKeyDown={(params, event) => {
        if (event.key !== 'Enter' || params.field === '__actions' || (event.target as HTMLElement).closest('button, a, input')) return;
        event.defaultMuiPrevented = true;
        props.onRowClick(params.row);
      }}
      autoHeight
      density="compact"
      localeText={locale === 'es' ? SPANISH : undefined}
      aria-labelledby={props.labelledBy}
      sx={{
        border: 0,
        borderTop: 1,
        borderColor: 'divider',
        borderRadius: 0,
        '& .MuiDataGrid-row': { cursor: 'pointer' },
        // The row's actions stay at the right edge however wide the columns scroll.
        '& .MuiDataGrid-cell[data-field="__actions"], & .MuiDataGrid-columnHeader[data-field="__actions"]': {
          position: 'sticky',
          right: 0,
          zIndex: 2,
          bgcolor: 'background.paper',
          boxShadow: (theme) => `-6px 0 6px -6px ${theme.palette.divider}`,
        },
        // A keyboard user sees where the focus is: on a cell, a header or a row's button.
        '& .MuiDataGrid-cell:focus-visible, & .MuiDataGrid-columnHeader:focus-visible, & .MuiDataGrid-cell button:focus-visible': {
          outline: (theme) => `2px solid ${theme.palette.primary.main}`,
          outlineOffset: -2,
        },
      }}
    />
  );
}
