import './fullKeycodeTables.ts';
import { MAX_EXPRESSION_LENGTH, parseExpression } from './expression.ts';
import { rangesFor } from './generations.ts';
import type { KeycodeProblem } from './keycodeProblem.ts';
import { evaluate, HEX_KEYCODE, type Context } from './parse.ts';
import { keycodeTable } from './tables.ts';

export type { KeycodeProblem } from './keycodeProblem.ts';

/** What the keyboard holds, so that a keycode naming a layer or macro it does not have is refused. */
export interface KeyboardLimits {
  layers?: number | undefined;
  macros?: number | undefined;
}

/** A typed keycode: its number, or why it is not one. Empty text is neither (nothing to say yet). */
export type KeycodeVerdict = { ok: true; code: number } | { ok: false; problem: KeycodeProblem } | null;

/**
 * `parseKeycode` with its reasons, for the fields that explain themselves as the user types: the same rules
 * (one evaluator), plus the keyboard's own layer and macro counts when given — LT(5,KC_A) is a keycode, but
 * not one that does anything on a 4-layer board.
 */
export function explainKeycode(text: string, protocol: number, limits: KeyboardLimits = {}): KeycodeVerdict {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (trimmed.length > MAX_EXPRESSION_LENGTH)
    return { ok: false, problem: { kind: 'tooLong', max: MAX_EXPRESSION_LENGTH } };
  if (HEX_KEYCODE.test(trimmed)) return { ok: true, code: parseInt(trimmed.slice(2), 16) };
  const tree = parseExpression(trimmed);
  if (tree === null) return { ok: false, problem: { kind: 'syntax' } };
  const ctx: Context = {
    table: keycodeTable(protocol),
    ranges: rangesFor(protocol),
    layers: limits.layers,
    macros: limits.macros,
  };
  const code = evaluate(tree, ctx);
  return code !== null ? { ok: true, code } : { ok: false, problem: ctx.problem ?? { kind: 'syntax' } };
}
