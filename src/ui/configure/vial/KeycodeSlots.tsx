import { formatKeycode, keyLegend } from '../../../keycodes/index.ts';
import { useSettings } from '../../AppContext.tsx';
import '../keymap/encoderEditor.css';

export interface KeycodeSlot {
  id: string;
  label: string;
  code: number;
}

/**
 * After a keycode is picked for a slot, the next slot is chosen (the last one stays), as Fast Key Mapping moves
 * to the next key on the keyboard; with Fast Key Mapping off in Settings the slot stays.
 */
export function useSlotAdvance<S extends string>(
  order: readonly S[],
  slot: S,
  setSlot: (slot: S) => void,
): () => void {
  const fast = useSettings((s) => !s.disableFastRemap);
  return () => {
    const next = order[order.indexOf(slot) + 1];
    if (fast && next !== undefined) setSlot(next);
  };
}

/**
 * The keycode fields of an entry as a radio group (as the encoder editor's rows): one is chosen and takes the
 * picker's next keycode. Arrow keys move between slots, as in any radio group.
 */
export function KeycodeSlots({
  label,
  slots,
  active,
  protocol,
  onChoose,
}: {
  label: string;
  slots: readonly KeycodeSlot[];
  active: string;
  protocol: number;
  onChoose(id: string): void;
}) {
  const move = (from: number, by: number) => {
    const next = slots[(from + by + slots.length) % slots.length]!;
    onChoose(next.id);
    requestAnimationFrame(() =>
      document.querySelector<HTMLButtonElement>(`[data-slot="${next.id}"]`)?.focus(),
    );
  };
  return (
    <div className="encoder-editor vial-slots" role="radiogroup" aria-label={label}>
      {slots.map((slot, i) => (
        <button
          key={slot.id}
          type="button"
          role="radio"
          data-slot={slot.id}
          aria-checked={active === slot.id}
          aria-label={`${slot.label}: ${keyLegend(slot.code, protocol).title} (${formatKeycode(slot.code, protocol)})`}
          tabIndex={active === slot.id ? 0 : -1}
          className="encoder-row"
          onClick={() => onChoose(slot.id)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowRight' || e.key === 'ArrowDown') {
              e.preventDefault();
              move(i, 1);
            } else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') {
              e.preventDefault();
              move(i, -1);
            }
          }}
        >
          <span>{slot.label}</span>
          <span className="encoder-value">
            <span className="encoder-value-name">{keyLegend(slot.code, protocol).title}</span>{' '}
            <code className="encoder-value-code">{formatKeycode(slot.code, protocol)}</code>
          </span>
        </button>
      ))}
    </div>
  );
}
