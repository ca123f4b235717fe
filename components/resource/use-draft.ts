'use client';
// Edits made on top of a loaded answer: grades typed into a sheet, dates into a calendar, a new
// order of subjects. They belong to the answer they were made on, so when another answer arrives
// (read again after a save, or another group chosen) they start over from it, with no effect
// copying answers into state. Query keeps an answer's identity while its content is the same.
import { useCallback, useState } from 'react';

/** `empty`: the draft with no edits; keep it stable (a module constant). */
export function useDraft<T>(answer: unknown, empty: T): [T, (change: (current: T) => T) => void] {
  const [draft, setDraft] = useState<{ answer: unknown; value: T }>({ answer, value: empty });
  const value = draft.answer === answer ? draft.value : empty;
  const update = useCallback(
    (change: (current: T) => T) => setDraft((current) => ({ answer, value: change(current.answer === answer ? current.value : empty) })),
    [answer, empty],
  );
  return [value, update];
}
