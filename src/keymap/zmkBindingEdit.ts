import { builtInBehaviorId } from '../convert/zmkBindingText.ts';
import type { ZmkBehavior } from '../zmk/behavior.ts';
import { draftComplete, draftParams, type ZmkDraftParams } from '../zmk/bindingDraft.ts';
import type { ZmkLayerChoice } from '../zmk/bindingParams.ts';
import type { ZmkBinding } from '../zmk/keymapData.ts';

/** A binding being chosen for one key: its behavior and its parameters, one not chosen yet null. */
export interface ZmkBindingDraft extends ZmkDraftParams {
  behaviorId: number;
}

/**
 * What the binding editor does with a choice: keep showing a `draft` (a parameter is still missing or invalid,
 * nothing is written), `send` a complete binding, `ask` first (the binding restarts the keyboard when pressed), or
 * `drop` the draft (the user went back to the key's own behavior).
 */
export type ZmkBindingStep =
  | { kind: 'draft'; draft: ZmkBindingDraft }
  | { kind: 'send'; binding: ZmkBinding }
  | { kind: 'ask'; binding: ZmkBinding }
  | { kind: 'drop' };

/** ZMK's behaviors whose key restarts the keyboard when pressed (by the labels the .keymap export gives them). */
const RESTARTS = ['sys_reset', 'bootloader'] as const;

/** The ids of the keyboard's behaviors that restart it (&sys_reset, &bootloader): binding one is asked first. */
export function restartBehaviorIds(behaviors: readonly ZmkBehavior[]): number[] {
  return RESTARTS.map((label) => builtInBehaviorId(behaviors, label)).filter((id) => id !== null);
}

/** The key being edited: its binding now, the keyboard's layers and its restarting behaviors. */
export interface ZmkBindingEditContext {
  current: ZmkBinding;
  layers: readonly ZmkLayerChoice[];
  restarting: readonly number[];
}

/**
 * The step for `params` chosen under `behavior`: written only once every parameter is chosen and valid
 * (`draftComplete`), a restarting behavior the key does not have yet asked first.
 */
export function bindingStep(
  behavior: ZmkBehavior,
  params: ZmkDraftParams,
  { current, layers, restarting }: ZmkBindingEditContext,
): ZmkBindingStep {
  const complete = draftComplete(behavior, layers, params);
  if (!complete) return { kind: 'draft', draft: { behaviorId: behavior.id, ...params } };
  const binding = { behaviorId: behavior.id, ...complete };
  const asks = restarting.includes(binding.behaviorId) && binding.behaviorId !== current.behaviorId;
  return { kind: asks ? 'ask' : 'send', binding };
}

/**
 * The step for switching the key to `behavior`: back to its own behavior drops the draft; another keeps what fits
 * (`draftParams`: the key typed now becomes a hold-tap's tap, its hold is left to choose) and is sent when that is
 * already complete.
 */
export function behaviorStep(behavior: ZmkBehavior, context: ZmkBindingEditContext): ZmkBindingStep {
  if (behavior.id === context.current.behaviorId) return { kind: 'drop' };
  return bindingStep(behavior, draftParams(behavior, context.layers, context.current), context);
}
