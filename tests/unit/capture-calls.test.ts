// The capture sheet's light call descriptors (lib/contracts/capture-calls.ts) name exactly the
// method, base and path of the contracts the server checks them with.
import { describe, expect, it } from 'vitest';
import * as calls from '@/lib/contracts/capture-calls';
import * as scores from '@/lib/contracts/scores';

describe('the capture sheet’s calls', () => {
  it.each(Object.keys(calls))('%s is where its contract is', (name) => {
    const light = (calls as Record<string, { method: string; base: string; path: string }>)[name];
    const contract = (scores as unknown as Record<string, { method: string; base: string; path: string } | undefined>)[name];
    expect(contract, `lib/contracts/scores.ts exports ${name}`).toBeDefined();
    expect(light).toEqual({ method: contract!.method, base: contract!.base, path: contract!.path });
  });
});
