'use client';

import ErrorView from '@/components/errors/ErrorView';

export default function RootError({ error, retry }: { error: unknown; retry: () => void }) {
  return <ErrorView error={error} retry={retry} fullPage />;
}
