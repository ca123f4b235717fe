// GET /healthz: the process is up (server/http/health.ts).
import { liveness } from '@/server/http/health';

export const dynamic = 'force-dynamic';

export function GET(): Response {
  return liveness();
}
