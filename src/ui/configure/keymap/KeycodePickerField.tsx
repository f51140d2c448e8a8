import { lazy, Suspense, useRef, useState } from 'react';
import { formatKeycode, keyLegend } from '../../../keycodes/index.ts';
import { useDevices } from '../../AppContext.tsx';
import './keycodePicker.css';

const KeycodePickerDialog = lazy(() =>
  import('./KeycodePickerDialog.tsx').then((m) => ({ default: m.KeycodePickerDialog })),
);

/**
 * A field holding one keycode, shown as its legend and name (Vol + · KC_VOLU); choosing it opens the keycode
 * picker (core.md §5: as VIA does, custom menu keycodes and DKS actions are picked, not typed). Its accessible
 * name is `label` and then what it shows, so it reads 'Keycode 1: Vol + KC_VOLU' with the title as its description.
 */
export function KeycodePickerField({
  label,
  code,
  onPick,
  disabled = false,
}: {
  label: string;
  code: number;
  onPick(code: number): void;
  disabled?: boolean;
}) {
  const keyboard = useDevices((s) => s.keyboard);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const protocol = keyboard?.protocol ?? 12;
  const legend = keyLegend(code, protocol, { customKeycodes: keyboard?.definition.customKeycodes ?? [] });
  const name = formatKeycode(code, protocol);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <>
      <button
        ref={button}
        type="button"
        className="keycode-field"
        title={legend.title || undefined}
        aria-haspopup="dialog"
        disabled={disabled || !keyboard}
        onClick={() => setOpen(true)}
        data-code={name}
      >
        <span className="visually-hidden">{label}: </span>
        <span className="keycode-field-legend">{legend.short || legend.title}</span>{' '}
        <code className="keycode-field-name">{name}</code>
      </button>
      {open && keyboard && (
        <Suspense fallback={null}>
          <KeycodePickerDialog
            keyboard={keyboard}
            label={label}
            current={code}
            onClose={close}
            onPick={(picked) => {
              close();
              if (picked !== code) onPick(picked);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
