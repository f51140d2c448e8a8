import type { BindingModel } from './bindingModel.ts';

/**
 * Selecting a key by pressing it on the keyboard: the computer sees a key event, never the switch. The positions
 * (among `used`, all when omitted) whose binding types `keycode` when tapped are the candidates, and the ones
 * whose binding the computer never sees (layer keys such as Fn, macros, lighting) cannot be picked that way.
 */
export function keysTyping<B>(
  bindings: readonly B[],
  model: BindingModel<B>,
  keycode: number,
  used?: readonly number[],
): number[] {
  return (used ?? bindings.map((_, i) => i)).filter((index) => {
    const binding = bindings[index];
    return binding !== undefined && model.hostKeycode(binding) === keycode;
  });
}

/** The positions whose binding no key event reveals: they cannot be selected by pressing them. */
export function keysHostCannotSee<B>(
  bindings: readonly B[],
  model: BindingModel<B>,
  used?: readonly number[],
): number[] {
  return (used ?? bindings.map((_, i) => i)).filter((index) => {
    const binding = bindings[index];
    return binding !== undefined && model.hostKeycode(binding) === null;
  });
}
