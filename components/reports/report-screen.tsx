'use client';
// A screen of the Reportes submenu: its heading and its reports, one section each.
import Stack from '@mui/material/Stack';
import { ScreenHeading } from '@/components/resource/screen-heading';
import { useT } from '@/components/resource/use-t';
import type { ReportName } from '@/lib/reports/catalog';
import { ReportSection } from './report-section';

export function ReportScreen({ route, reports, notes = {} }: { route: string; reports: readonly ReportName[]; notes?: Partial<Record<ReportName, string>> }) {
  const t = useT();
  return (
    <Stack spacing={3} data-testid="screen-content">
      <ScreenHeading title={t(`menu.items.${route}`)} />
      {reports.map((name) => (
        <ReportSection key={name} name={name} note={notes[name] ? t(notes[name]) : undefined} />
      ))}
    </Stack>
  );
}
