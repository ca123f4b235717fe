// Test runs check every action's answer against its contract: an answer that drifts from what the
// API document and the typed client promise fails the call (a 500 naming the difference) instead of
// reaching a screen that reads a field that is not there. Off in production (CHECK_ANSWERS).
import { type ActionContract, type FileAnswer, type SuccessStatus, isEmptyAnswer, isFileAnswer, successStatuses } from '@/lib/contracts/contract';
import { FileResult, StatusResult } from '@/server/engine/results';
import { toWire } from '@/server/engine/wire';

export class AnswerMismatch extends Error {
  constructor(contract: ActionContract, problem: string) {
    super(`The answer of ${contract.method} /${contract.base}${contract.path} does not match its contract: ${problem}`);
    this.name = 'AnswerMismatch';
  }
}

/**
 * A JSON answer that is also offered as a file (`?format=xlsx`: the same figures as a workbook):
 * the contract's `alsoFile`, beside its `output`.
 */
export function fileAlternative(contract: ActionContract): FileAnswer | undefined {
  return contract.alsoFile;
}

function checkFile(contract: ActionContract, output: FileAnswer, result: FileResult): void {
  const type = result.contentType.split(';')[0].trim();
  if (!output.types.includes(type)) throw new AnswerMismatch(contract, `a file of type ${type}, not one of ${output.types.join(', ')}`);
}

/** Throws AnswerMismatch when a handler's result is not what its contract says it answers. */
export function checkAnswer(contract: ActionContract, result: unknown): void {
  const { output } = contract;
  if (isFileAnswer(output)) {
    if (!(result instanceof FileResult)) throw new AnswerMismatch(contract, 'a file was promised, data was answered');
    return checkFile(contract, output, result);
  }
  if (result instanceof FileResult) {
    const alternative = fileAlternative(contract);
    if (alternative) return checkFile(contract, alternative, result);
    throw new AnswerMismatch(contract, `a file (${result.contentType}) was answered`);
  }
  const status = result instanceof StatusResult ? result.status : 200;
  const expected = successStatuses(contract);
  if (!expected.includes(status as SuccessStatus)) throw new AnswerMismatch(contract, `status ${status}, not ${expected.join(' or ')}`);
  if (isEmptyAnswer(output)) return;
  const data = result instanceof StatusResult ? result.data : result;
  // What the client receives: the wire form, through JSON (dates and decimals as text).
  const wire = JSON.parse(JSON.stringify(toWire(data) ?? null)) as unknown;
  const parsed = output.safeParse(wire);
  if (!parsed.success) {
    const problems = parsed.error.issues.slice(0, 5).map((issue) => `${issue.path.join('.') || '(answer)'}: ${issue.message}`);
    throw new AnswerMismatch(contract, problems.join('; '));
  }
}
