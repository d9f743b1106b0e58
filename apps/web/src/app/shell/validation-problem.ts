/**
 * What the shell shows after validating the token (spec part 1 §4, §8): nothing when valid or on a 401
 * (that signs out instead), else msg, then err, then 'Validate failed'; a thrown request is an
 * 'Internal server error'.
 */
import { TEXT } from '@sewablast/contract/texts';

interface ValidateAnswer {
  isvalid?: unknown;
  msg?: unknown;
  err?: unknown;
}

interface FailedCall {
  status: number;
  body: ValidateAnswer;
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

function explain(answer: ValidateAnswer): string {
  return text(answer.msg) ?? text(answer.err) ?? TEXT.validateFailed;
}

export function validationProblem(answer: ValidateAnswer | undefined, failure: FailedCall | null): string | null {
  if (failure) {
    if (failure.status === 401) return null;
    return failure.status === 0 ? TEXT.internalError : explain(failure.body);
  }
  if (answer && answer.isvalid !== true) return explain(answer);
  return null;
}
