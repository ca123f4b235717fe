'use client';
// Choices read from another resource (roles, permissions, careers), as queries of that resource
// (lib/api-query.ts): the forms and filters of a screen asking for the same choices share one
// request, and a change to the resource makes them stale.
import { useCallback } from 'react';
import { KEEP_WHILE_EDITING, useApiQuery } from '@/lib/api-query';
import { type OptionsSource, readListAnswer, readPath, referenceText } from '@/lib/resource-ui';

export type RemoteOption = { id: number | string; label: string; detail: string; active: boolean };

/** Choices change seldom, and the user's own changes invalidate them at once. */
const OPTIONS_FRESH_FOR_MS = 5 * 60_000;

const NO_OPTIONS: RemoteOption[] = [];

function sourcePath(source: OptionsSource): string {
  const params = new URLSearchParams({ no_paginate: 'true', ...(source.query ?? {}) });
  return `${source.base}?${params.toString()}`;
}

export function useRemoteOptions(source: OptionsSource | undefined): { options: RemoteOption[]; loading: boolean; failed: boolean } {
  const labelField = source?.labelField ?? '';
  const detailField = source?.detailField;
  const reference = source?.reference;
  const toOptions = useCallback(
    (data: unknown): RemoteOption[] =>
      readListAnswer(data).rows.map((row) => {
        // Named as the record names itself everywhere (a teacher surname first, a group with its
        // period and shift), so two options never read the same.
        const named = reference ? referenceText(row, reference) : null;
        return {
          id: row.id as number | string,
          label: named?.label || String(readPath(row, labelField) ?? `#${row.id}`),
          detail: detailField ? String(readPath(row, detailField) ?? '') : named && !named.detail.startsWith('#') ? named.detail : '',
          active: row.status !== false && row.is_active !== false,
        };
      }),
    [labelField, detailField, reference],
  );
  const query = useApiQuery(source ? sourcePath(source) : null, {
    callType: 'options',
    select: toOptions,
    staleTime: OPTIONS_FRESH_FOR_MS,
    // An open form's choices do not change under the user's hand.
    ...KEEP_WHILE_EDITING,
  });
  return { options: query.data ?? NO_OPTIONS, loading: !!source && query.isPending, failed: query.isError };
}
