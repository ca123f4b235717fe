'use client';
// The active careers of a campus (all of them without one), by name: what a screen's career
// filter offers.
import { type ResourceRow, useResourceRows } from '@/lib/api/resources';

export type CareerOption = Pick<ResourceRow<'careers'>, 'id' | 'name'>;

export function useCampusCareers(campusId: number | null | undefined): CareerOption[] {
  return useResourceRows('careers', { ...(campusId ? { campus_id: String(campusId) } : {}), status: 'true', no_paginate: 'true', ordering: 'name' }).data ?? [];
}
