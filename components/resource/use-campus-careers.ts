'use client';
// The active careers of a campus (all of them without one), by name: what a screen's career
// filter offers.
import { useApiQuery } from '@/lib/api-query';
import { readListAnswer } from '@/lib/resource-ui';
import { RESOURCE_BASES } from '@/lib/contracts/resources';

export type CareerOption = { id: number; name: string };

export function useCampusCareers(campusId: number | null | undefined): CareerOption[] {
  return (
    useApiQuery<unknown, CareerOption[]>(RESOURCE_BASES.careers, {
      query: { ...(campusId ? { campus_id: String(campusId) } : {}), status: 'true', no_paginate: 'true', ordering: 'name' },
      select: (data) => readListAnswer(data).rows as unknown as CareerOption[],
    }).data ?? []
  );
}
