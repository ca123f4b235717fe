'use client';
// One record edited on its own page (a role with its screens, the system settings): the same
// sections and validation as the dialog form, laid out as cards, with a save bar that stays in
// view and a warning before leaving with unsaved changes. A record with more to it (an applicant:
// their documents, contacts, payment) reads as tabs: the form's sections grouped under tabs of their
// own, the page's panels and lists in theirs, and the record's history last; what acts on the
// whole record (an applicant's admission steps) stays above the tabs.
import ArrowBack from '@mui/icons-material/ArrowBack';
import History from '@mui/icons-material/History';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Chip from '@mui/material/Chip';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { type DehydratedState, HydrationBoundary } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { type FormEvent, type MouseEvent, type ReactNode, useId, useState } from 'react';
import { api } from '@/lib/api-client';
import { useApiQuery, useInvalidateApi } from '@/lib/api-query';
import { statusKey } from '@/lib/format';
import { type Abilities, type ApiRecord, type RecordHeader, type RecordState, type ScreenConfig, readListAnswer, recordTitle } from '@/lib/resource-ui';
import { cellText, cellValue } from './cell-text';
import { lastListAddress } from './list/use-list-state';
import { ConfirmDialog } from './confirm-dialog';
import { FormSections } from './form-fields';
import { HistoryDialog, HistoryEntries } from './history-dialog';
import { useNotice } from './notice';
import { useEditedRecord } from './use-edited-record';
import { useLeaveGuard } from './use-leave-guard';
import { useRecordForm } from './use-record-form';
import { useT } from './use-t';

export type RecordEditorProps = {
  config: Pick<ScreenConfig, 'base' | 'fields' | 'sections' | 'labelField' | 'recordName' | 'states'>;
  header?: RecordHeader;
  /** The page heading; gets `{label}`, the record's label. */
  titleKey: string;
  descriptionKey?: string;
  /** A record id, or `singleton` for a one-row resource (the system settings). */
  recordId: number | string | 'singleton';
  can: Pick<Abilities, 'edit' | 'history'>;
  /** Where "back" goes (the list), with its label. */
  back?: { href: string; labelKey: string };
  /** Shown when the record does not exist; gets `{id}`. */
  notFoundKey?: string;
  /** The record as the server read it for this page (`GET {base}{id}/`), shown with the HTML. */
  initialRecord?: ApiRecord;
  /** The form's choices as the server read them with the page, put in the client's cache. */
  firstReads?: DehydratedState;
  /** Shown under the heading, above the form or the tabs: what acts on the whole record. */
  above?: ReactNode;
  /** The page as tabs (see RecordTab); the record's history is added as the last one. */
  tabs?: RecordTab[];
};

/**
 * A tab of a record page: some of the form's sections (the sections no tab names go to the first
 * tab that has sections), or content of the page's own (a panel, a related list).
 */
export type RecordTab = { key: string; labelKey: string; sections?: readonly string[]; content?: ReactNode; count?: number };

/** "Ana López Martínez" -> "AL": the photo's place when there is none. */
function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}

/** The record's key facts under its name: its state, then "Carrera: Arquitectura", "Grupo: ARQ-1A"... */
function RecordFacts({ header, record }: { header: RecordHeader; record: ApiRecord }) {
  const t = useT();
  const facts = header.facts
    .map((column) => ({ column, text: cellText(column, cellValue(column, record), t) }))
    .filter(({ text }) => text && !text.startsWith('#'));
  const active = header.activeField ? record[header.activeField] : undefined;
  if (!facts.length && active === undefined) return null;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }} data-testid="record-facts">
      {active !== undefined && <Chip size="small" color={active === true ? 'success' : 'default'} variant={active === true ? 'filled' : 'outlined'} label={t(statusKey(active))} />}
      {facts.map(({ column, text }) => (
        <Chip key={column.field} size="small" variant="outlined" label={`${t(column.headerKey)}: ${text}`} />
      ))}
    </Stack>
  );
}

/** A one-row resource may answer its list as an envelope, an array, or the object itself. */
function singleRow(data: unknown): ApiRecord | null {
  if (data && typeof data === 'object' && !Array.isArray(data) && !Array.isArray((data as { data?: unknown }).data)) return data as ApiRecord;
  return readListAnswer(data).rows[0] ?? null;
}

export function RecordEditor({ firstReads, ...props }: RecordEditorProps) {
  // The boundary lives here rather than in the page so that lists, which the same page serves, do
  // not load it.
  if (!firstReads) return <EditedRecord {...props} />;
  return (
    <HydrationBoundary state={firstReads}>
      <EditedRecord {...props} />
    </HydrationBoundary>
  );
}

/** The tab each form section shows in: its own tab's, else the first tab with sections. */
function sectionTabs(tabs: readonly RecordTab[], sections: readonly { key: string }[]): Map<string, string> {
  const formTabs = tabs.filter((tab) => tab.sections);
  const placed = new Map<string, string>();
  for (const tab of formTabs) for (const section of tab.sections ?? []) placed.set(section, tab.key);
  for (const section of sections) if (!placed.has(section.key) && formTabs[0]) placed.set(section.key, formTabs[0].key);
  return placed;
}

function EditedRecord({ config, header, titleKey, descriptionKey, recordId, can, back, notFoundKey, initialRecord, above, tabs: pageTabs }: Omit<RecordEditorProps, 'firstReads'>) {
  const t = useT();
  const router = useRouter();
  const headingId = useId();
  const formId = useId();
  const { notify, node: notice } = useNotice();
  const form = useRecordForm(config.fields, null, recordId === 'singleton' ? 'create' : 'edit');
  const { reset, attachContainer } = form;
  const singleton = recordId === 'singleton';
  // Ids are positive integers: anything else cannot exist, so there is nothing to ask the API.
  const malformed = !singleton && !/^[1-9]\d{0,15}$/.test(String(recordId));
  const [historyOpen, setHistoryOpen] = useState(false);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const invalidate = useInvalidateApi();
  const tabsId = useId();
  const tabs: RecordTab[] | null = pageTabs?.length ? [...pageTabs, ...(can.history ? [{ key: 'history', labelKey: 'resource.history' }] : [])] : null;
  const [activeTab, setActiveTab] = useState(tabs?.[0]?.key ?? '');
  // Tabs of their own content are drawn the first time they are opened, and kept (a list keeps
  // its page and filters when one comes back to it).
  const [openedTabs, setOpenedTabs] = useState<ReadonlySet<string>>(() => new Set([activeTab]));
  const openTab = (key: string) => {
    setActiveTab(key);
    setOpenedTabs((opened) => (opened.has(key) ? opened : new Set([...opened, key])));
  };
  const placed = tabs ? sectionTabs(tabs, config.sections) : null;

  const path = malformed ? null : singleton ? `${config.base}?no_paginate=true` : `${config.base}${encodeURIComponent(String(recordId))}/`;
  const read = useEditedRecord<unknown>(path, initialRecord && path && !singleton ? { path, record: initialRecord } : undefined);
  // The form starts from the record once, when it has been read for this page (again for another
  // record: the page may be reused for the next one).
  const [seededPath, setSeededPath] = useState<string | null>(null);
  const ready = path !== null && seededPath === path;
  if (!ready && path !== null && read.fresh !== undefined) {
    setSeededPath(path);
    const record = singleton ? singleRow(read.fresh) : (read.fresh as ApiRecord);
    // A fresh installation has no settings row yet: the first save creates it.
    reset(record, record ? 'edit' : 'create');
  }
  // A record whose state a rule owns (a paid sale, a stamped invoice): the fields its state does not
  // let change are shown locked, with the state named, as the API would refuse them.
  const statePath = config.states && ready && !singleton && form.record?.id !== undefined ? `${config.base}${form.record.id}/state/` : null;
  const recordState = useApiQuery<RecordState>(statePath).data;
  const locked = recordState && recordState.update !== '*' ? (name: string) => !recordState.update.includes(name) : undefined;
  const notFound = malformed || read.error?.status === 404;
  const loadError = !notFound && read.error ? read.error.lines.join('\n') || t('resource.load_error') : null;

  // Leaving with unsaved changes (a link, closing or reloading the tab) asks first.
  useLeaveGuard(form.dirty);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!can.edit || !ready) return;
    const saved = await form.submit((body) =>
      form.mode === 'edit' && form.record?.id !== undefined
        ? api.put(`${config.base}${form.record.id}/`, { body })
        : api.post(config.base, { body }),
    );
    if (saved) {
      reset(saved, 'edit');
      void invalidate(config.base);
      notify(t('resource.saved', { label: recordTitle(saved, config) }));
    }
  };

  // A save refused for a field on another tab opens that tab: the message is where the field is.
  const firstError = Object.keys(form.errors)[0];
  const [shownError, setShownError] = useState<string | undefined>(undefined);
  if (firstError !== shownError) {
    setShownError(firstError);
    const section = config.fields.find((field) => field.name === firstError)?.section;
    const tab = section && placed ? placed.get(section) : undefined;
    if (tab && tab !== activeTab) openTab(tab);
  }

  const label = form.record ? recordTitle(form.record, config) : '';
  // Back to the list as the user left it in this tab (its search, filters and page).
  const goBack = (event: MouseEvent) => {
    if (!back || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const target = lastListAddress(back.href);
    if (target === back.href) return;
    event.preventDefault();
    router.push(target);
  };

  /** Some of the form's sections, as the page shows them. */
  const sectionsOf = (sections: RecordEditorProps['config']['sections']) => (
    <FormSections
      variant="page"
      fields={config.fields}
      sections={sections}
      mode={form.mode}
      values={form.values}
      errors={form.errors}
      record={form.record}
      disabled={!can.edit || form.saving}
      locked={locked}
      onChange={form.change}
    />
  );

  const backButton = back && (
    <Button component={Link} href={back.href} prefetch={false} onClick={goBack} startIcon={<ArrowBack />} size="small" sx={{ alignSelf: 'flex-start' }} data-testid="record-back">
      {t(back.labelKey)}
    </Button>
  );

  if (notFound) {
    return (
      <Stack spacing={2} sx={{ maxWidth: 720 }}>
        {backButton}
        <Alert severity="warning" data-testid="record-not-found">
          <AlertTitle>{t('resource.not_found_title')}</AlertTitle>
          {t(notFoundKey ?? 'resource.not_found', { id: String(recordId) })}
        </Alert>
      </Stack>
    );
  }

  if (loadError) {
    return (
      <Stack spacing={2} sx={{ maxWidth: 720 }}>
        {backButton}
        <Alert severity="error" sx={{ whiteSpace: 'pre-line' }}>
          {loadError}
        </Alert>
      </Stack>
    );
  }

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      {backButton}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minWidth: 0 }}>
          {header?.photoField && ready && form.record?.id !== undefined && (
            <Avatar
              src={form.record[header.photoField] ? `${config.base}${form.record.id}/file/${header.photoField}/?inline=true` : undefined}
              alt={label}
              sx={{ width: 64, height: 64, bgcolor: 'primary.main', fontSize: 24 }}
              data-testid="record-photo"
            >
              {initials(label)}
            </Avatar>
          )}
          <Box sx={{ minWidth: 0 }}>
            {header?.kindKey && (
              <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.5, '&::first-letter': { textTransform: 'uppercase' } }} component="p">
                {t(header.kindKey)}
              </Typography>
            )}
            <Typography id={headingId} variant="h5" component="h1">
              {ready ? t(titleKey, { label }) : <Skeleton width={240} />}
            </Typography>
            {descriptionKey && (
              <Typography variant="body2" color="text.secondary">
                {t(descriptionKey)}
              </Typography>
            )}
            {header && ready && form.record && <RecordFacts header={header} record={form.record} />}
          </Box>
        </Stack>
        {can.history && ready && form.record?.id !== undefined && (
          <Button variant="outlined" startIcon={<History />} onClick={() => setHistoryOpen(true)} data-testid="resource-history" sx={{ flexShrink: 0 }}>
            {t('resource.history')}
          </Button>
        )}
      </Stack>

      {!ready && <LinearProgress aria-label={t('resource.loading')} />}

      {ready && above}

      {tabs && (
        <Tabs
          value={activeTab}
          onChange={(_event, key: string) => openTab(key)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={t('resource.record_tabs', { label })}
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          {tabs.map((tab) => (
            <Tab
              key={tab.key}
              value={tab.key}
              id={`${tabsId}-tab-${tab.key}`}
              aria-controls={`${tabsId}-panel-${tab.key}`}
              label={tab.count === undefined ? t(tab.labelKey) : `${t(tab.labelKey)} (${tab.count})`}
              sx={{ textTransform: 'none' }}
              data-testid={`record-tab-${tab.key}`}
            />
          ))}
        </Tabs>
      )}

      <Box
        component="form"
        id={formId}
        noValidate
        onSubmit={handleSubmit}
        ref={attachContainer}
        aria-busy={!ready || form.saving}
        hidden={!!placed && ![...placed.values()].includes(activeTab)}
        data-testid="record-form"
      >
        {form.general.length > 0 && (
          <Alert severity="error" sx={{ mb: 2, whiteSpace: 'pre-line' }} data-testid="form-errors">
            {form.general.join('\n')}
          </Alert>
        )}
        {!can.edit && ready && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('resource.read_only')}
          </Alert>
        )}
        {can.edit && ready && recordState && recordState.update !== '*' && (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="record-state-locked">
            {t(recordState.update.length ? 'resource.state_locks_some' : 'resource.state_locks_all', { state: recordState.label })}
          </Alert>
        )}
        {ready &&
          (placed && tabs
            ? tabs
                .filter((tab) => tab.sections)
                .map((tab) => (
                  <Box key={tab.key} role="tabpanel" id={`${tabsId}-panel-${tab.key}`} aria-labelledby={`${tabsId}-tab-${tab.key}`} hidden={tab.key !== activeTab}>
                    {sectionsOf(config.sections.filter((section) => placed.get(section.key) === tab.key))}
                  </Box>
                ))
            : sectionsOf(config.sections))}
        {can.edit && ready && (
          <Paper
            elevation={3}
            sx={{ position: 'sticky', bottom: { xs: 8, sm: 16 }, zIndex: 2, px: 2, py: 1.5, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
          >
            <Typography variant="body2" color={form.dirty ? 'warning.main' : 'text.secondary'} sx={{ flexGrow: 1 }} aria-live="polite">
              {form.dirty ? t('resource.unsaved') : t('resource.no_changes')}
            </Typography>
            <Button onClick={() => setConfirmDiscard(true)} disabled={!form.dirty || form.saving} data-testid="resource-discard">
              {t('resource.discard')}
            </Button>
            <Button type="submit" variant="contained" loading={form.saving} data-testid="resource-save">
              {t('resource.save')}
            </Button>
          </Paper>
        )}
      </Box>

      {ready &&
        tabs
          ?.filter((tab) => !tab.sections && openedTabs.has(tab.key))
          .map((tab) => (
            <Box key={tab.key} role="tabpanel" id={`${tabsId}-panel-${tab.key}`} aria-labelledby={`${tabsId}-tab-${tab.key}`} hidden={tab.key !== activeTab} data-testid={`record-panel-${tab.key}`}>
              {tab.key === 'history' ? (
                <Paper variant="outlined">
                  <HistoryEntries base={config.base} recordId={form.record?.id ?? null} fieldLabels={Object.fromEntries(config.fields.map((field) => [field.name, field.labelKey]))} />
                </Paper>
              ) : (
                tab.content
              )}
            </Box>
          ))}

      <HistoryDialog
        open={historyOpen}
        base={config.base}
        recordId={form.record?.id ?? null}
        recordLabel={label}
        fieldLabels={Object.fromEntries(config.fields.map((field) => [field.name, field.labelKey]))}
        onClose={() => setHistoryOpen(false)}
      />
      <ConfirmDialog
        open={confirmDiscard}
        message={t('resource.confirm_discard')}
        onConfirm={() => {
          setConfirmDiscard(false);
          form.discard();
        }}
        onCancel={() => setConfirmDiscard(false)}
      />
      {notice}
    </Box>
  );
}
