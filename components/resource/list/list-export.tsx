'use client';
// A list's export: the button with its format menu, and the download of what the list shows
// (same search, filters and sort; every page).
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { formatErrors, logout } from '@/lib/api-client';
import { type ListState, type ScreenConfig, exportApiPath } from '@/lib/resource-ui';
import { downloadFile } from '../download';
import type { Notify } from '../notice';
import { useT } from '../use-t';

export type ExportFormat = 'xlsx' | 'csv';

export function useListExport(config: Pick<ScreenConfig, 'base' | 'defaultOrdering' | 'fixedQuery'>, state: ListState, notify: Notify) {
  const t = useT();
  const [exporting, setExporting] = useState(false);
  const exportAs = async (format: ExportFormat) => {
    setExporting(true);
    const slug = config.base.split('/').filter(Boolean).pop() ?? 'export';
    const result = await downloadFile(exportApiPath(config.base, state, config.defaultOrdering, format, config.fixedQuery), `${slug}.${format}`);
    setExporting(false);
    if (result.ok) return;
    if (result.status === 401) void logout();
    else notify(formatErrors(result.data).join('\n') || t(result.status === 0 ? 'resource.network_error' : 'resource.export_error'), 'error');
  };
  return { exporting, exportAs };
}

export function ExportMenu({ exporting, onExport }: { exporting: boolean; onExport: (format: ExportFormat) => void }) {
  const t = useT();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const choose = (format: ExportFormat) => {
    setAnchor(null);
    onExport(format);
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<FileDownloadOutlined />}
        onClick={(event) => setAnchor(event.currentTarget)}
        disabled={exporting}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        data-testid="resource-export"
      >
        {t('resource.export')}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => choose('xlsx')} data-testid="resource-export-xlsx">
          <ListItemText primary={t('resource.export_xlsx')} />
        </MenuItem>
        <MenuItem onClick={() => choose('csv')} data-testid="resource-export-csv">
          <ListItemText primary={t('resource.export_csv')} />
        </MenuItem>
      </Menu>
    </>
  );
}
