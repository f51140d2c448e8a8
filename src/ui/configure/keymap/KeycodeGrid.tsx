import type { ReactNode } from 'react';
import type { KeycodeButton } from '../../../keycodes/categories.ts';
import { arrowFocus } from '../../canvas/arrowFocus.ts';
import { useHostLayout } from '../../legends/useHostLayout.ts';
import { hostKeyLabel, type HostLayoutId } from '../../../keycodes/hostLayout.ts';
import { nameHasLabel } from '../../common/accessibleName.ts';
import { inWords, useLegendWords, type LegendWords } from '../../legends/useLegendWords.ts';

/**
 * What a keycode button shows and is named: on this computer's layout a key that types another character shows
 * and is named by that one; the name starts with the legend, then says what it means ('Bksp, Backspace').
 */
export function buttonText(
  k: KeycodeButton,
  hostLayout: HostLayoutId,
  words?: LegendWords,
): { shown: string; name: string } {
  const host = hostKeyLabel(k.code, hostLayout);
  const shown = inWords(words, host?.label ?? (k.label || k.name));
  const title = inWords(words, host?.title ?? k.title);
  return { shown, name: nameHasLabel(title, shown) ? title : `${shown}, ${title}` };
}

export interface KeycodeGridProps {
  /** The category's name (the group's accessible name). */
  label: string;
  keycodes: readonly KeycodeButton[];
  /** The keycode to mark as chosen. */
  current: number | null;
  disabled?: boolean | undefined;
  onPick(code: number): void;
  /** The button under the pointer or focus (null: none), for a hover line. */
  onHover?: ((keycode: KeycodeButton | null) => void) | undefined;
  /** Buttons before the keycodes (Any). */
  children?: ReactNode;
}

/**
 * One category's keycode buttons, the same for every family (a VIA keymap's keys, a ZMK HID usage parameter):
 * legends and names in the computer's layout (buttonText), the chosen one pressed, arrow keys moving between them.
 */
export function KeycodeGrid(props: KeycodeGridProps) {
  const { label, keycodes, current, disabled, onPick, onHover, children } = props;
  const hostLayout = useHostLayout();
  const words = useLegendWords();
  return (
    <div
      className="keycode-grid"
      role="group"
      aria-label={label}
      onPointerLeave={() => onHover?.(null)}
      onKeyDown={arrowFocus}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) onHover?.(null);
      }}
    >
      {children}
      {keycodes.map((k) => {
        const { shown, name } = buttonText(k, hostLayout, words);
        return (
          <button
            key={k.code}
            type="button"
            className="keycode"
            aria-label={name}
            data-code={k.name}
            aria-pressed={k.code === current}
            disabled={disabled}
            // A double-click's second click is not a second pick: fast key mapping has moved on to the next key
            // (or tap dance slot) by then, which would get the keycode too. Enter and Space give detail 0.
            onClick={(e) => e.detail < 2 && onPick(k.code)}
            onPointerEnter={() => onHover?.(k)}
            onFocus={() => onHover?.(k)}
          >
            {shown}
          </button>
        );
      })}
    </div>
  );
}
