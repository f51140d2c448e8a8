import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keycodeCategories, type CategoryId, type KeycodeButton } from '../../../keycodes/categories.ts';
import type { KeyboardState } from '../../../services/keyboardLoader.ts';
import { hostKeyLabel } from '../../../keycodes/hostLayout.ts';
import { useHostLayout } from '../../legends/useHostLayout.ts';
import { useLegendRows } from '../../legends/useLegendRows.ts';
import { useDevices } from '../../AppContext.tsx';

export interface KeymapPaneProps {
  keyboard: KeyboardState;
  /** The keycode the selected key holds, to mark it in the grid. */
  current: number | null;
  disabled: boolean;
  onAssign(code: number): void;
  onAny(): void;
  /** A Vial keyboard's tap dance entries: their TD(n) keys are offered under Custom. */
  tapDanceCount?: number | undefined;
}

/** Categories on the left, keycode buttons on the right, 'code: title' of the hovered button at the bottom. */
export function KeymapPane({
  keyboard,
  current,
  disabled,
  onAssign,
  onAny,
  tapDanceCount = 0,
}: KeymapPaneProps) {
  const { t } = useTranslation(['keycodes', 'configure']);
  const [categoryId, setCategoryId] = useState<CategoryId>('basic');
  const [hovered, setHovered] = useState<KeycodeButton | null>(null);
  const hostLayout = useHostLayout();
  // Basic keys read KC_/QK_ legends only; the other categories want the later rows.
  const allRows = useLegendRows(categoryId !== 'basic');
  // VialRGB's effects are offered instead of QMK's lighting keys' (the keyboard's family says which it speaks).
  const vialRgb = useDevices((s) => s.capabilities?.lighting === 'vialRgb');
  const categories = useMemo(() => {
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
    // allRows: the buttons are made again once the later legend rows are in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [keyboard, tapDanceCount, allRows, vialRgb]);
  const category = categories.find((c) => c.id === categoryId) ?? categories[0]!;

  return (
    <div className="pane keymap-pane">
      <nav className="submenu" aria-label={t('configure:categories')}>
        {categories.map((c) => (
          <button
            key={c.id}
            type="button"
            aria-current={c.id === category.id}
            onClick={() => setCategoryId(c.id)}
          >
            {t(`keycodes:category.${c.id}`)}
          </button>
        ))}
      </nav>
      <div className="keycode-area">
        {category.unsupported ? (
          <p className="row-hint">{t('configure:macrosUnsupported')}</p>
        ) : (
          <div
            className="keycode-grid"
            role="group"
            aria-label={t(`keycodes:category.${category.id}`)}
            onPointerLeave={() => setHovered(null)}
            onBlur={(e) => {
              if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setHovered(null);
            }}
          >
            {category.hasAnyButton && (
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
            {category.keycodes.map((k) => {
              // On this computer's layout the key types another character: show and name that one.
              const host = hostKeyLabel(k.code, hostLayout);
              return (
                <button
                  key={k.code}
                  type="button"
                  className="keycode"
                  aria-label={host?.title ?? k.title}
                  data-code={k.name}
                  aria-pressed={k.code === current}
                  disabled={disabled}
                  onClick={() => onAssign(k.code)}
                  onPointerEnter={() => setHovered(k)}
                  onFocus={() => setHovered(k)}
                >
                  {host?.label ?? (k.label || k.name)}
                </button>
              );
            })}
          </div>
        )}
        <div className="hover-bar" aria-live="polite">
          {hovered ? `${hovered.name}: ${hovered.title}` : disabled ? t('configure:selectKeyHint') : ' '}
        </div>
      </div>
    </div>
  );
}
