'use client';
// What a list's rows offer (edit, the screen's own actions, history, delete) and the dialogs they
// open: the form, the history, a new password and the yes/no question asked before anything
// destructive. The dialogs load when first opened, so the list's first load carries none of them.
// Every change invalidates the resource's queries: its lists, records and option lists are read
// again (lib/api-query.ts).
import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { api, formatErrors } from '@/lib/api-client';
import {
  type Abilities,
  type ApiRecord,
  type FormMode,
  type RowAction,
  type ScreenConfig,
  actionApplies,
  actionHref,
  initialValues,
  recordTitle,
  toBody,
} from '@/lib/resource-ui';
import { canOpenRoute } from '@/lib/auth/access';
import { routeForPath } from '@/lib/menu';
import { useShellIfAny } from '@/components/shell/ShellContext';
import { ActionIconView } from '../icons';
import type { Notify } from '../notice';
import type { GridRowAction } from '../resource-grid';
import { useT } from '../use-t';

/** An API path (a file to download), not a screen. */
const API_PATH = /^\/[a-z]+\/api\//;

const ResourceForm = dynamic(() => import('../resource-form').then((module) => module.ResourceForm), { ssr: false });
const HistoryDialog = dynamic(() => import('../history-dialog').then((module) => module.HistoryDialog), { ssr: false });
const PasswordDialog = dynamic(() => import('../password-dialog').then((module) => module.PasswordDialog), { ssr: false });
const ConfirmDialog = dynamic(() => import('../confirm-dialog').then((module) => module.ConfirmDialog), { ssr: false });

/** True from the first time `open` is true: a lazy dialog stays mounted to animate its closing. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/** The question waiting for a yes or a no. */
type Pending = { kind: 'delete'; record: ApiRecord } | { kind: 'action'; action: RowAction; record: ApiRecord };

function isDestructive(pending: Pending | null): boolean {
  if (!pending) return false;
  return pending.kind === 'delete' || pending.action.icon === 'deactivate' || pending.action.icon === 'lock' || pending.action.icon === 'cancel';
}

type RowActionsOptions = {
  config: ScreenConfig;
  can: Abilities;
  /** For `custom` row actions; `reload` reads the resource again afterwards. */
  onAction?: (key: string, record: ApiRecord, reload: () => void) => void;
  /** Reads the resource again (invalidates its queries) after a change. */
  reload: () => void;
  notify: Notify;
};

export type RowActions = {
  /** The actions of one row, as the grid shows them. */
  rowActions: (record: ApiRecord) => GridRowAction[];
  openRecord: (record: ApiRecord) => void;
  /** The most actions a row can have (it sizes the grid's column). */
  actionCount: number;
  /** A change is being sent. */
  busy: boolean;
  openCreate: () => void;
  openEdit: (record: ApiRecord) => void;
  /** The dialogs, to render next to the list. */
  dialogs: ReactNode;
};

export function useRowActions({ config, can, onAction, reload, notify }: RowActionsOptions): RowActions {
  const t = useT();
  const router = useRouter();
  const { base, fields } = config;
  const nameOf = useCallback((record: ApiRecord | null | undefined) => recordTitle(record, config), [config]);
  const recordWord = config.recordKey ? t(config.recordKey) : '';

  const [form, setForm] = useState<{ open: boolean; mode: FormMode; id: number | string | null }>({ open: false, mode: 'create', id: null });
  const [history, setHistory] = useState<{ open: boolean; record: ApiRecord | null }>({ open: false, record: null });
  const [password, setPassword] = useState<{ open: boolean; record: ApiRecord | null; action: RowAction | null }>({ open: false, record: null, action: null });
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);

  const openCreate = useCallback(() => setForm({ open: true, mode: 'create', id: null }), []);
  const openEdit = useCallback((record: ApiRecord) => setForm({ open: true, mode: 'edit', id: record.id ?? null }), []);

  const runAction = useCallback(
    async (action: RowAction, record: ApiRecord, reason?: string) => {
      if (action.kind === 'link') {
        const href = actionHref(action.href, record);
        // A file from the API (an invoice's PDF) is a download, not a page of the app.
        if (API_PATH.test(href)) window.location.assign(href);
        else router.push(href);
        return;
      }
      if (action.kind === 'password') {
        setPassword({ open: true, record, action });
        return;
      }
      if (action.kind === 'custom') {
        onAction?.(action.key, record, reload);
        return;
      }
      setBusy(true);
      let res;
      if (action.kind === 'post') {
        res = await api.post(`${base}${record.id}/${action.path}`, { body: action.reason ? { reason: reason ?? '' } : {} });
      } else if (action.reason) {
        // A deactivation or a cancellation changes only its state (and its note): the reason goes
        // with it to the record's history.
        const body = { [action.set.field]: action.set.value, ...(action.reason.field ? { [action.reason.field]: reason ?? '' } : {}) };
        res = await api.put(`${base}${record.id}/`, { body, headers: { 'X-Change-Reason': encodeURIComponent(reason ?? '') } });
      } else {
        // An update re-reads the record first: the list may not carry every field the PUT needs.
        const shown = await api.get(`${base}${record.id}/`, { callType: 'show' });
        res = shown.ok
          ? await api.put(`${base}${record.id}/`, {
              body: { ...toBody(fields, initialValues(fields, shown.data as ApiRecord, 'edit'), 'edit', record.id), [action.set.field]: action.set.value },
            })
          : shown;
      }
      setBusy(false);
      setPending(null);
      if (res.ok) {
        notify(t(action.successKey ?? 'resource.saved', { label: nameOf(record), record: recordWord }));
        reload();
      } else notify(formatErrors(res.data).join('\n') || t('resource.save_error'), 'error');
    },
    [base, fields, nameOf, recordWord, notify, onAction, reload, router, t],
  );

  const requestAction = useCallback(
    (action: RowAction, record: ApiRecord) => {
      if (action.confirmKey || action.reason) setPending({ kind: 'action', action, record });
      else void runAction(action, record);
    },
    [runAction],
  );

  // A link to another screen shows only when the user's roles open that screen: it never leads to
  // a page that sends them home. Links to the API (a file) are the API's to authorize.
  const shell = useShellIfAny();
  const extraActions = useMemo(() => {
    const opens = (href: string) => !shell || !href.startsWith('/') || API_PATH.test(href) || canOpenRoute(shell.subject, routeForPath(href.replace(/\{\w+\}/g, '0').split('?')[0]));
    return config.rowActions.filter((action) => can[action.ability ?? 'edit'] && (action.kind !== 'link' || opens(action.href)));
  }, [config.rowActions, can, shell]);
  const actionCount = (can.edit ? 1 : 0) + (can.history ? 1 : 0) + (can.delete ? 1 : 0) + extraActions.length;
  const rowActions = useCallback(
    (record: ApiRecord): GridRowAction[] => {
      const items: GridRowAction[] = [];
      if (can.edit) items.push({ key: 'edit', label: t('resource.edit'), icon: <ActionIconView name="edit" />, onClick: () => openEdit(record), testId: 'row-edit' });
      for (const action of extraActions) {
        if (!actionApplies(action, record)) continue;
        items.push({ key: action.key, label: t(action.labelKey), icon: <ActionIconView name={action.icon} />, onClick: () => requestAction(action, record), testId: `row-${action.key}` });
      }
      if (can.history) items.push({ key: 'history', label: t('resource.history'), icon: <ActionIconView name="history" />, onClick: () => setHistory({ open: true, record }), testId: 'row-history' });
      if (can.delete) items.push({ key: 'delete', label: t('resource.delete'), icon: <ActionIconView name="delete" />, onClick: () => setPending({ kind: 'delete', record }), testId: 'row-delete' });
      return items;
    },
    [can.edit, can.history, can.delete, extraActions, openEdit, requestAction, t],
  );

  const confirmPending = async (reason?: string) => {
    if (!pending) return;
    if (pending.kind === 'action') {
      await runAction(pending.action, pending.record, reason);
      setPending(null);
      return;
    }
    setBusy(true);
    const res = await api.delete(`${base}${pending.record.id}/`);
    setBusy(false);
    setPending(null);
    if (res.ok) {
      notify(t('resource.deleted'));
      reload();
    } else notify(formatErrors(res.data).join('\n') || t('resource.delete_error'), 'error');
  };

  const handleSaved = (record: ApiRecord, mode: FormMode) => {
    setForm((current) => ({ ...current, open: false }));
    notify(t(mode === 'create' ? 'resource.created' : 'resource.saved', { label: nameOf(record) }));
    reload();
    // What follows a new record is on its page (a new student's welcome sheet).
    const page = config.openAfterCreate && mode === 'create' ? config.rowActions.find((action) => action.kind === 'link' && action.key === 'open') : undefined;
    if (page?.kind === 'link') router.push(actionHref(page.href, record));
  };

  const fieldLabels = useMemo(() => {
    const labels: Record<string, string> = {};
    for (const column of config.columns) labels[column.field] = column.headerKey;
    for (const field of fields) labels[field.name] = field.labelKey;
    return labels;
  }, [config.columns, fields]);

  const formUsed = useOpenedOnce(form.open);
  const historyUsed = useOpenedOnce(history.open);
  const passwordUsed = useOpenedOnce(password.open);
  const confirmUsed = useOpenedOnce(!!pending);

  const dialogs = (
    <>
      {formUsed && (
        <ResourceForm
          config={config}
          open={form.open}
          mode={form.mode}
          recordId={form.id}
          onClose={() => setForm((current) => ({ ...current, open: false }))}
          onSaved={handleSaved}
        />
      )}
      {historyUsed && (
        <HistoryDialog
          open={history.open}
          base={base}
          recordId={history.record?.id ?? null}
          recordLabel={history.record ? nameOf(history.record) : undefined}
          fieldLabels={fieldLabels}
          onClose={() => setHistory((current) => ({ ...current, open: false }))}
        />
      )}
      {passwordUsed && (
        <PasswordDialog
          open={password.open}
          path={password.record && password.action?.kind === 'password' ? `${base}${password.record.id}/${password.action.path}` : null}
          label={password.record ? nameOf(password.record) : ''}
          minLength={password.action?.kind === 'password' ? password.action.minLength : undefined}
          onClose={() => setPassword((current) => ({ ...current, open: false }))}
          onDone={(detail) => {
            setPassword((current) => ({ ...current, open: false }));
            notify(detail ?? t('resource.password_changed'));
            reload();
          }}
        />
      )}
      {confirmUsed && (
        <ConfirmDialog
          open={!!pending}
          message={
            pending
              ? t(
                  pending.kind === 'delete'
                    ? recordWord
                      ? 'resource.confirm_delete_named'
                      : 'resource.confirm_delete'
                    : (pending.action.confirmKey ?? 'resource.confirm_title'),
                  { label: nameOf(pending.record), record: recordWord },
                )
              : ''
          }
          askReason={pending?.kind === 'action' && !!pending.action.reason}
          destructive={isDestructive(pending)}
          busy={busy}
          onConfirm={confirmPending}
          onCancel={() => setPending(null)}
        />
      )}
    </>
  );

  /** A row click opens the record: its page when the screen has one, else its form (when the user may edit). */
  const openRecord = useCallback(
    (record: ApiRecord) => {
      const page = extraActions.find((action) => action.kind === 'link' && action.key === 'open');
      if (page) requestAction(page, record);
      else if (can.edit) openEdit(record);
    },
    [extraActions, requestAction, can.edit, openEdit],
  );

  return { rowActions, actionCount, busy, openCreate, openEdit, openRecord, dialogs };
}
