'use client';

// A failing screen keeps the shell around it: the menu still works.
import ErrorView from '@/components/errors/ErrorView';

export default function AppError({ error, retry }: { error: unknown; retry: () => void }) {
  return <ErrorView error={error} retry={retry} />;
}
