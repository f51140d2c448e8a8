import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hexInput, rgbToHex } from '../../../matrix/frames.ts';
import { hexToHs, hsToHex } from '../../common/color.ts';
import '../textInput.css';
import './colorControl.css';

/**
 * A colour control as core.md §4–5 describe it: a thumbnail that opens a popup with hue and saturation
 * sliders and a hex field. Clicking outside closes the popup and commits; Enter in the hex field accepts a
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
          <div className="color-popup-preview" style={{ background: hsToHex(...draft) }} />
          <label className="color-popup-row">
            <span>{t('hue')}</span>
            <input
              type="range"
              min={0}
              max={255}
              value={draft[0]}
              className="hue-slider"
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
              style={{ accentColor: hsToHex(draft[0], 255) }}
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
        </div>
      )}
    </div>
  );
}
