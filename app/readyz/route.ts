// GET /readyz: the database answers and the migrations are applied (server/http/health.ts).
import { readiness } from '@/server/http/health';

export const dynamic = 'force-dynamic';

export function GET(): Promise<Response> {
  return readiness();
}
