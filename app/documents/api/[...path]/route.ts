import { apiHandlers } from '@/server/http/dispatch';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE } = apiHandlers();
