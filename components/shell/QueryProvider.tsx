'use client';
// The query cache of the signed-in screens (lib/api-query.ts). One client per page load in the
// browser, one per request on the server, so no answer is ever shared between users.
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { createQueryClient } from '@/lib/api-query';

export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
