// The capture sheet's calls as the browser needs them: method, base and path, typed as their full
// contracts (lib/contracts/scores.ts) so answers keep their types. The browser's client reads only
// those three (lib/api/actions.ts); importing the contracts themselves would bring zod and every
// schema of the scores module into the sheet's first load, past its budget (the list page's plus
// 30 kB, issue 32). The server still checks every call with the full contracts, and
// tests/unit/capture-calls.test.ts keeps these equal to them.
import type { captureChange as CaptureChange, captureClasses as CaptureClasses, captureScores as CaptureScores, captureSheet as CaptureSheet, teacherClasses as TeacherClasses } from './scores';

/** Only what the browser's client reads of a contract; typed as the whole contract. */
function callOf<C>(method: string, base: string, path: string): C {
  return { method, base, path } as unknown as C;
}

const SCORES = 'scores/api/scores/';

export const captureSheet = callOf<typeof CaptureSheet>('GET', 'students/api/students/', 'get_for_capture/');
export const captureClasses = callOf<typeof CaptureClasses>('GET', SCORES, 'capture_classes/');
export const teacherClasses = callOf<typeof TeacherClasses>('GET', SCORES, 'my_classes/');
export const captureScores = callOf<typeof CaptureScores>('POST', SCORES, 'capture/');
export const captureChange = callOf<typeof CaptureChange>('POST', SCORES, 'capture_change/');
