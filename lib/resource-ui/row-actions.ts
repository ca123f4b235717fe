// Row actions of a list: where a link goes and whether an action applies to a record.
import { readPath } from './records';
import type { ApiRecord, RowAction } from './types';

/** Replaces `{id}` in an action's address. */
export function actionHref(href: string, record: ApiRecord): string {
  return href.replace('{id}', encodeURIComponent(String(record.id ?? '')));
}

/** Whether a row action applies to this record. */
export function actionApplies(action: RowAction, record: ApiRecord): boolean {
  if (!action.showIf) return true;
  const value = readPath(record, action.showIf.field);
  return (value ?? null) === action.showIf.equals;
}
