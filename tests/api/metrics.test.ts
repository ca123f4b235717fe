// Prometheus metrics (issue 19): every API answer is counted by method, module and status, with
// its latency; the pool's gauges read the shared pool.
import { describe, expect, it } from 'vitest';
import { metrics } from '@/server/http/metrics';
import { call, tokenFor } from './client';

const counted = async (labels: string) => {
  const text = await metrics().registry.metrics();
  const line = text.split('\n').find((row) => row.startsWith(`plantel_http_requests_total{${labels}}`));
  return line ? Number(line.split(' ').pop()) : 0;
};

describe('metrics', () => {
  it('count each answer by method, module and status, and time it', async () => {
    const admin = await tokenFor('admin');
    const before = await counted('method="GET",module="academic",status="200"');
    const refusedBefore = await counted('method="GET",module="academic",status="401"');
    await call('GET', 'academic/api/campus/', { token: admin });
    await call('GET', 'academic/api/campus/', { token: admin });
    await call('GET', 'academic/api/campus/');
    expect(await counted('method="GET",module="academic",status="200"')).toBe(before + 2);
    expect(await counted('method="GET",module="academic",status="401"')).toBe(refusedBefore + 1);
    const text = await metrics().registry.metrics();
    expect(text).toMatch(/plantel_http_request_duration_seconds_count\{method="GET",module="academic"\} \d+/);
    expect(text).toMatch(/plantel_db_pool_connections \d+/);
    expect(text).toContain('plantel_process_resident_memory_bytes');
  });
});
