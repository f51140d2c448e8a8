import type { KeychronProblem } from '../../../services/keychronProblem.ts';

type T = (key: string, options?: Record<string, unknown>) => string;

/** A Keychron problem in the user's language: what failed, then what the keyboard holds after a write. */
export function keychronProblemText(t: T, problem: KeychronProblem): string {
  const what = t(`problem.${problem.code}`, { command: problem.command, detail: problem.detail });
  return problem.outcome ? `${what} ${t(`problem.${problem.outcome}`)}` : what;
}
