import { useDeferredValue, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import {
  keycodeCategories,
  type CategoryId,
  type KeycodeButton,
  type KeycodeCategory,
} from '../../../keycodes/categories.ts';
import type { KeyboardState } from '../../../services/keyboardLoader.ts';
import { inWords, useLegendWords } from '../../legends/useLegendWords.ts';
import { useLegendRows } from '../../legends/useLegendRows.ts';
import { useDevices } from '../../AppContext.tsx';
import { KeycodeCategoryNav } from './KeycodeCategoryNav.tsx';
import { KeycodeGrid } from './KeycodeGrid.tsx';

export type KeymapPaneProps = {
  /** The keycode the selected key holds, to mark it in the grid. */
  current: number | null;
  disabled: boolean;
  onAssign(code: number): void;
  /** The 'Any' button and its shortcut (none: the family's parameter takes the buttons' keycodes only). */
  onAny?: (() => void) | undefined;
  /** A Vial keyboard's tap dance entries: their TD(n) keys are offered under Custom. */
  tapDanceCount?: number | undefined;
} & (
  | { keyboard: KeyboardState; categories?: undefined }
  /** Another family's parameter (`KeycodeParam.categories`, keymap/bindingModel.ts): its keycodes only. */
  | { keyboard?: undefined; categories(): KeycodeCategory[] }
);

/**
 * The keycode categories a keyboard offers (its protocol, definition, macros, layers, tap dances; VialRGB's
 * effects where its family speaks VialRGB).
 */
export function keyboardCategories(keyboard: KeyboardState, tapDanceCount = 0, vialRgb = false) {
  const { definition } = keyboard;
  const isV3 = 'menus' in definition;
  return keycodeCategories({
    protocol: keyboard.protocol,
    definitionVersion: isV3 ? 'v3' : 'v2',
    ...(isV3
      ? { keycodeModules: definition.keycodes }
      : {
          lighting:
            typeof definition.lighting === 'string'
              ? definition.lighting
              : ((definition.lighting as { extends?: string }).extends ?? 'none'),
        }),
    customKeycodes: definition.customKeycodes ?? [],
    macroCount: keyboard.macros.count,
    macrosSupported: keyboard.macros.supported,
    layerCount: keyboard.layerCount,
    tapDanceCount,
    vialRgb,
  });
}

/** Categories on the left, keycode buttons on the right, 'code: title' of the hovered button at the bottom. */
export function KeymapPane({
  keyboard,
  categories: offered,
  current,
  disabled,
  onAssign,
  onAny,
  tapDanceCount = 0,
}: KeymapPaneProps) {
  const { t } = useTranslation(['keycodes', 'configure']);
  const [categoryId, setCategoryId] = useState<CategoryId>('basic');
  const [hovered, setHovered] = useState<KeycodeButton | null>(null);
  const words = useLegendWords();
  // Basic keys read KC_/QK_ legends only; the other categories want the later rows.
  const allRows = useLegendRows(categoryId !== 'basic');
  // VialRGB's effects are offered instead of QMK's lighting keys' (the keyboard's family says which it speaks).
  const vialRgb = useDevices((s) => s.capabilities?.lighting === 'vialRgb');
  const categories = useMemo(
    () => (keyboard ? keyboardCategories(keyboard, tapDanceCount, vialRgb) : offered()),
    // allRows: the buttons are made again once the later legend rows are in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [keyboard, offered, tapDanceCount, allRows, vialRgb],
  );
  const category = categories.find((c) => c.id === categoryId) ?? categories[0]!;
  // The grid's buttons are drawn in a second, interruptible render once the keymap is on screen: with the
  // keyboard in one task they made the start's longest task (docs/performance.md, issue 43).
  const gridDrawn = useDeferredValue(true, false);

  return (
    <div className="pane keymap-pane">
      <KeycodeCategoryNav
        categories={categories}
        current={category.id}
        onPick={setCategoryId}
        label={t('configure:categories')}
      />
      {/* A in the keycode list opens Any, whatever the category (Space there presses the focused keycode). */}
      <div className="keycode-area" onKeyDown={(e) => anyShortcut(e, disabled ? undefined : onAny)}>
        {category.unsupported ? (
          <p className="row-hint">{t('configure:macrosUnsupported')}</p>
        ) : (
          <KeycodeGrid
            label={t(`keycodes:category.${category.id}`)}
            keycodes={gridDrawn ? category.keycodes : []}
            current={current}
            disabled={disabled}
            onPick={onAssign}
            onHover={setHovered}
          >
            {category.hasAnyButton && onAny && (
              <button
                type="button"
                className="keycode"
                disabled={disabled}
                onClick={onAny}
                title={t('configure:anyTitle')}
              >
                {t('keycodes:any')}
              </button>
            )}
          </KeycodeGrid>
        )}
        <div className="hover-bar" aria-live="polite">
          {hovered
            ? `${hovered.name}: ${inWords(words, hovered.title)}`
            : disabled
              ? t('configure:selectKeyHint')
              : ' '}
        </div>
      </div>
    </div>
  );
}

/** The keycode list's shortcut for Any: A alone (the list holds buttons only, no field to type into). */
function anyShortcut(e: KeyboardEvent, onAny: (() => void) | undefined) {
  if (!onAny || e.key.toLowerCase() !== 'a' || e.ctrlKey || e.metaKey || e.altKey || e.shiftKey) return;
  e.preventDefault();
  onAny();
}
