import { useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { formatKeycode, keyLegend, parseKeycode, viaKeycodeText } from '../../../keycodes/index.ts';
import type { KeycodeButton } from '../../../keycodes/categories.ts';
import type { KeyboardState } from '../../../services/keyboardLoader.ts';
import { useDevices } from '../../AppContext.tsx';
import { Dialog } from '../../common/Dialog.tsx';
import { useLegendRows } from '../../legends/useLegendRows.ts';
import { KeycodeModal } from './KeycodeModal.tsx';
import { KeycodeGrid } from './KeycodeGrid.tsx';
import { keyboardCategories, KeymapPane } from './KeymapPane.tsx';
import './keycodePicker.css';

/** Search results shown at most: a word like 'a' matches most of the list. */
const MAX_RESULTS = 120;

/** The buttons whose legend, title or name hold every word of `query` (any case). */
function matching(buttons: readonly KeycodeButton[], query: string): KeycodeButton[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const seen = new Set<number>();
  return buttons.filter((b) => {
    const text = `${b.label} ${b.title} ${b.name}`.toLowerCase();
    if (seen.has(b.code) || !words.every((w) => text.includes(w))) return false;
    seen.add(b.code);
    return true;
  });
}

/**
 * The keymap's keycode picker in a dialog, for a field that holds one keycode (a DKS action, a custom menu's
 * keycode, a custom encoder): a search over every keycode the keyboard offers (by legend, title or name; a typed
 * expression such as LT(1,KC_A) is offered as it is), the categories and their buttons, and 'Any'. Choosing a
 * keycode closes it; Escape, Cancel or a click beside it close it without a change. A Dialog: the focus stays
 * inside (the Any modal it opens stacks over it) and goes back to the field when it closes.
 */
export function KeycodePickerDialog({
  keyboard,
  label,
  current,
  onPick,
  onClose,
}: {
  keyboard: KeyboardState;
  /** What the field is, for the title: 'Keycode 1', 'Custom 0 clockwise (CW)'. */
  label: string;
  current: number;
  onPick(code: number): void;
  onClose(): void;
}) {
  const { t } = useTranslation('panes');
  const [query, setQuery] = useState('');
  const [anyOpen, setAnyOpen] = useState(false);
  const search = useRef<HTMLInputElement>(null);
  // The search reads every legend, not only the first screen's.
  const allRows = useLegendRows(true);
  const { protocol } = keyboard;
  const vialRgb = useDevices((s) => s.capabilities?.lighting === 'vialRgb');
  const buttons = useMemo(
    () => keyboardCategories(keyboard, 0, vialRgb).flatMap((c) => c.keycodes),
    // allRows: the legends are read again once the later rows are in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [keyboard, allRows, vialRgb],
  );

  const trimmed = query.trim();
  const results = trimmed ? matching(buttons, trimmed) : [];
  // A keycode typed out (LT(1,KC_A), 0x7C77) that no button holds is offered too.
  const typed = trimmed ? parseKeycode(trimmed, protocol) : null;
  const typedExtra = typed !== null && !results.some((b) => b.code === typed) ? typed : null;

  return (
    <>
      <Dialog
        title={t('picker.title', { label })}
        description={
          <p className="row-hint">
            {t('picker.current', {
              legend: keyLegend(current, protocol).title || formatKeycode(current, protocol),
              code: formatKeycode(current, protocol),
            })}
          </p>
        }
        className="keycode-picker"
        testId="keycode-picker"
        onClose={onClose}
        closeOnBackdrop
        initialFocus={search}
        actions={
          <button type="button" className="btn" onClick={onClose}>
            {t('cancel')}
          </button>
        }
      >
        <label className="keycode-picker-search">
          <span>{t('picker.search')}</span>
          <input
            ref={search}
            type="search"
            className="text-input"
            value={query}
            placeholder={t('picker.searchPlaceholder')}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => {
              // Enter takes the keycode typed out (KC_B, LT(1,KC_A)), else the only match.
              if (e.key !== 'Enter') return;
              // Not left to the browser: the pick gives the focus back to the field's button, which would take
              // this Enter's key press as a click and open the picker again.
              e.preventDefault();
              const pick = typed ?? (results.length === 1 ? results[0]!.code : null);
              if (pick !== null) onPick(pick);
            }}
          />
        </label>
        {trimmed ? (
          <div className="keycode-picker-results">
            <KeycodeGrid
              label={t('picker.results', { text: trimmed })}
              keycodes={results.slice(0, MAX_RESULTS)}
              current={current}
              onPick={onPick}
            >
              {typedExtra !== null && (
                <button type="button" className="keycode" onClick={() => onPick(typedExtra)}>
                  {t('picker.use', { code: viaKeycodeText(typedExtra, protocol) })}
                </button>
              )}
            </KeycodeGrid>
            {results.length === 0 && typedExtra === null && (
              <p className="row-hint" role="status">
                {t('picker.noMatch', { text: trimmed })}
              </p>
            )}
          </div>
        ) : (
          <KeymapPane
            keyboard={keyboard}
            current={current}
            disabled={false}
            onAssign={onPick}
            onAny={() => setAnyOpen(true)}
          />
        )}
      </Dialog>
      {anyOpen && (
        <KeycodeModal
          protocol={protocol}
          current={viaKeycodeText(current, protocol)}
          onClose={() => setAnyOpen(false)}
          onConfirm={(code) => {
            setAnyOpen(false);
            onPick(code);
          }}
        />
      )}
    </>
  );
}
