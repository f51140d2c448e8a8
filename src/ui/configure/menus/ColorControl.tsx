import { useEffect, useId, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { hexInput, rgbToHex } from '../../../matrix/frames.ts';
import { hexToHs, hsToHex } from '../../common/color.ts';
import '../../common/onDemandParts.css';
import '../../common/textInput.css';
import './colorControl.css';

/**
 * A colour control as core.md §4–5 describe it: a thumbnail that opens a popup with a hue/saturation field, hue
 * and saturation sliders (their tracks drawn in colour) and a hex field, and a note on why no grey can be picked. Clicking outside closes the popup and commits; Enter in the hex field accepts a
 * valid hex (3 or 6 digits); Escape closes without committing. Values are QMK hue/saturation (0–255).
 */
export function ColorControl({
  id,
  label,
  value,
  onCommit,
}: {
  id?: string;
  label: string;
  value: [number, number];
  onCommit(value: [number, number]): void;
}) {
  const { t } = useTranslation('feedback');
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(value);
  const [hex, setHex] = useState(hsToHex(...value));
  const root = useRef<HTMLDivElement>(null);
  const thumb = useRef<HTMLButtonElement>(null);
  const popupId = useId();
  const current = open ? draft : value;

  const show = () => {
    setDraft(value);
    setHex(hsToHex(...value));
    setOpen(true);
  };
  const close = (commit: [number, number] | null) => {
    setOpen(false);
    if (commit && (commit[0] !== value[0] || commit[1] !== value[1])) onCommit(commit);
    thumb.current?.focus();
  };
  const latest = useRef(draft);
  latest.current = draft;
  // Clicking anywhere outside closes the popup and commits what it shows.
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) close(latest.current);
    };
    document.addEventListener('pointerdown', onDown, true);
    return () => document.removeEventListener('pointerdown', onDown, true);
  });
  const setHs = (next: [number, number]) => {
    setDraft(next);
    setHex(hsToHex(...next));
  };

  return (
    <div className="color-control" ref={root}>
      <button
        {...(id ? { id } : {})}
        ref={thumb}
        type="button"
        className="color-thumb"
        style={{ background: hsToHex(...current) }}
        aria-label={t('colourOf', { label, hex: hsToHex(...current) })}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={popupId}
        onClick={() => (open ? close(draft) : show())}
      />
      {open && (
        <div
          id={popupId}
          className="color-popup card"
          role="dialog"
          aria-label={label}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation();
              close(null);
            }
          }}
        >
          <HueSaturationField value={draft} onChange={setHs} />
          <label className="color-popup-row">
            <span>{t('hue')}</span>
            <input
              type="range"
              min={0}
              max={255}
              value={draft[0]}
              className="color-track hue-track"
              onChange={(e) => setHs([Number(e.target.value), draft[1]])}
            />
          </label>
          <label className="color-popup-row">
            <span>{t('saturation')}</span>
            <input
              type="range"
              min={0}
              max={255}
              value={draft[1]}
              className="color-track"
              style={{ background: `linear-gradient(to right, #fff, ${hsToHex(draft[0], 255)})` }}
              onChange={(e) => setHs([draft[0], Number(e.target.value)])}
            />
          </label>
          <label className="color-popup-row">
            <span>{t('hex')}</span>
            <input
              className="text-input color-hex"
              value={hex}
              maxLength={7}
              spellCheck={false}
              autoFocus
              aria-invalid={hexInput(hex).color === null}
              onChange={(e) => setHex(hexInput(e.target.value).text)}
              onKeyDown={(e) => {
                if (e.key !== 'Enter') return;
                // Focus goes back to the thumbnail now: without this, the same Enter would click it open again.
                e.preventDefault();
                const rgb = hexInput(hex).color;
                if (rgb) close(hexToHs(rgbToHex(rgb)));
              }}
            />
          </label>
          <p className="row-hint color-no-grey">{t('colourNoGrey')}</p>
        </div>
      )}
    </div>
  );
}

/**
 * Hue across, saturation up (white at the bottom), the chosen colour marked: a pointer picks both at once. The
 * Hue and Saturation sliders below do the same from the keyboard, so the field itself is hidden from screen
 * readers and takes no focus.
 */
function HueSaturationField({
  value: [hue, sat],
  onChange,
}: {
  value: [number, number];
  onChange(value: [number, number]): void;
}) {
  const pick = (e: ReactPointerEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const share = (at: number, from: number, size: number) => Math.min(Math.max((at - from) / size, 0), 1);
    onChange([
      Math.round(share(e.clientX, box.left, box.width) * 255),
      Math.round((1 - share(e.clientY, box.top, box.height)) * 255),
    ]);
  };
  return (
    <div
      className="hs-field"
      aria-hidden="true"
      data-testid="hue-saturation-field"
      onPointerDown={(e) => {
        e.currentTarget.setPointerCapture(e.pointerId);
        pick(e);
      }}
      onPointerMove={(e) => e.currentTarget.hasPointerCapture(e.pointerId) && pick(e)}
    >
      <span
        className="hs-marker"
        style={{
          left: `${(hue / 255) * 100}%`,
          top: `${(1 - sat / 255) * 100}%`,
          background: hsToHex(hue, sat),
        }}
      />
    </div>
  );
}
