import { describe, expect, it } from 'vitest';
import { createGate } from '@/server/http/admission';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('the admission gate', () => {
  it('lets in up to its limit, then admits the waiting in the order they came', async () => {
    const gate = createGate(2);
    const order: string[] = [];
    const first = await gate.enter();
    const second = await gate.enter();
    expect([gate.running(), gate.waiting()]).toEqual([2, 0]);
    const third = gate.enter().then((leave) => (order.push('third'), leave));
    const fourth = gate.enter().then((leave) => (order.push('fourth'), leave));
    await tick();
    expect(order).toEqual([]);
    expect([gate.running(), gate.waiting()]).toEqual([2, 2]);

    second();
    await tick();
    expect(order).toEqual(['third']);
    expect([gate.running(), gate.waiting()]).toEqual([2, 1]);
    first();
    await tick();
    expect(order).toEqual(['third', 'fourth']);
    (await third)();
    (await fourth)();
    expect([gate.running(), gate.waiting()]).toEqual([0, 0]);
  });

  it('counts a slot given back twice once', async () => {
    const gate = createGate(1);
    const leave = await gate.enter();
    const next = gate.enter();
    leave();
    leave();
    const nextLeave = await next;
    expect(gate.running()).toBe(1);
    const third = gate.enter();
    let admitted = false;
    void third.then(() => (admitted = true));
    await tick();
    expect(admitted).toBe(false);
    nextLeave();
    await third;
    expect(admitted).toBe(true);
  });
});
