// Progress of long work: the runner writes at most one report per 200 ms (always the first and the
// last), and the bar shows whole percent.
import { describe, expect, it } from 'vitest';
import { progressPercent } from '@/lib/jobs';
import { progressThrottle } from '@/server/jobs/progress';

describe('progress throttle', () => {
  it.each([
    // [time of each report in ms, done of 10] -> written?
    [[0, 10, 150, 199, 200, 390, 401], [1, 2, 3, 4, 5, 6, 7], [true, false, false, false, true, false, true]],
    // The last step is always written, however soon after the previous one.
    [[0, 5, 6], [1, 9, 10], [true, false, true]],
    // A slow job writes every report.
    [[0, 300, 700, 1000], [1, 2, 3, 4], [true, true, true, true]],
  ])('reports at %j (done %j of 10) write %j', (times, done, expected) => {
    let index = 0;
    const shouldWrite = progressThrottle(200, () => times[index]);
    const written = done.map((value, i) => {
      index = i;
      return shouldWrite(value, 10);
    });
    expect(written).toEqual(expected);
  });
});

describe('progress percent', () => {
  it.each([
    [0, 0, 0],
    [5, 0, 0],
    [0, 40, 0],
    [1, 3, 33],
    [2, 3, 66],
    [39, 40, 97],
    [40, 40, 100],
    [41, 40, 100],
    [-1, 40, 0],
  ])('%i of %i is %i %%', (done, total, percent) => {
    expect(progressPercent(done, total)).toBe(percent);
  });
});
