'use client';
// Choices read from another resource (roles, permissions, careers). One request per list per
// page load: several forms and filters of a screen share it.
import { useEffect, useState } from 'react';
import { api } from '@/lib/api-client';
import { type OptionsSource, readListAnswer, readPath } from '@/lib/resource-ui';

export type RemoteOption = { id: number | string; label: string; detail: string; active: boolean };

const cache = new Map<string, Promise<RemoteOption[] | null>>();

function sourcePath(source: OptionsSource): string {
  const params = new URLSearchParams({ no_paginate: 'true', ...(source.query ?? {}) });
  return `${source.base}?${params.toString()}`;
}

function load(path: string, source: OptionsSource): Promise<RemoteOption[] | null> {
  let pending = cache.get(path);
  if (!pending) {
    pending = api.get(path, { callType: 'options' }).then((res) => {
      if (!res.ok) {
        // A failure must not stick: the next form that opens tries again.
        cache.delete(path);
        return null;
      }
      return readListAnswer(res.data).rows.map((row) => ({
        id: row.id as number | string,
        label: String(readPath(row, source.labelField) ?? `#${row.id}`),
        detail: source.detailField ? String(readPath(row, source.detailField) ?? '') : '',
        active: row.status !== false && row.is_active !== false,
      }));
    });
    cache.set(path, pending);
  }
  return pending;
}

/** Forget cached choices after the user edits the list they come from. */
export function invalidateOptions(base: string) {
  for (const key of cache.keys()) if (key.startsWith(`${base}?`)) cache.delete(key);
}

export function useRemoteOptions(source: OptionsSource | undefined): { options: RemoteOption[]; loading: boolean; failed: boolean } {
  const path = source ? sourcePath(source) : null;
  const [state, setState] = useState<{ path: string | null; options: RemoteOption[] | null }>({ path: null, options: null });

  useEffect(() => {
    if (!path || !source) return;
    let alive = true;
    load(path, source).then((options) => {
      if (alive) setState({ path, options });
    });
    return () => {
      alive = false;
    };
    // `source` is plain data rebuilt on each render; its path says everything about it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path]);

  const current = state.path === path ? state.options : undefined;
  return { options: current ?? [], loading: !!path && current === undefined, failed: current === null };
}
