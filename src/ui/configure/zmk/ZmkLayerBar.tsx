import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import type { ZmkKeymapData, ZmkPhysicalLayouts } from '../../../zmk/keymapData.ts';
import { ConfirmDialog } from '../../common/ConfirmDialog.tsx';
import { LayerButtons } from '../../keymapTools/LayerButtons.tsx';

/**
 * Above the keyboard: the shared layer buttons (named as the keyboard names them), the keymap tools, and last
 * the physical layout chooser when the board has more than one — asked first, saying what the switch does: keys
 * the other layout lacks are not shown (their bindings stay), and undo starts afresh.
 */
export function ZmkLayerBar({
  keymap,
  layouts,
  selected,
  busy,
  undoSteps = 0,
  onSelect,
  onLayout,
  canSwitchLayout,
  tools,
  children,
}: {
  keymap: ZmkKeymapData;
  layouts: ZmkPhysicalLayouts;
  selected: number;
  busy: boolean;
  /** Edits undo could take back now: the switch drops them from history. */
  undoSteps?: number;
  onSelect(index: number): void;
  onLayout(index: number): void;
  /** The firmware knows the layout switch (else the chooser is hidden). */
  canSwitchLayout: boolean;
  /** The layer tools' entry buttons, after the layers. */
  tools?: ReactNode;
  /** The layer tools' bar and panels, once loaded. */
  children?: ReactNode;
}) {
  const { t } = useTranslation('zmk');
  const layoutId = useId();
  const [asking, setAsking] = useState<number | null>(null);
  const layoutName = (index: number) => layouts.layouts[index]?.name || t('layoutN', { n: index + 1 });
  const keysOf = (index: number) => layouts.layouts[index]?.keys.length ?? 0;
  return (
    <LayerButtons
      className="zmk-layer-bar"
      names={keymap.layers.map((layer) => layer.name)}
      selected={selected}
      onSelect={onSelect}
    >
      {tools}
      {children}
      {layouts.layouts.length > 1 && canSwitchLayout && (
        <span className="zmk-layout-choice">
          <label htmlFor={layoutId}>{t('physicalLayout')}</label>
          <select
            id={layoutId}
            className="select"
            value={layouts.activeIndex}
            disabled={busy}
            onChange={(e) => setAsking(Number(e.target.value))}
          >
            {layouts.layouts.map((layout, index) => (
              <option key={index} value={index}>
                {layoutName(index)}
              </option>
            ))}
          </select>
        </span>
      )}
      {asking !== null && (
        <ConfirmDialog
          title={t('layoutSwitch.title', { name: layoutName(asking) })}
          description={
            <>
              <p>{t('layoutSwitch.body')}</p>
              {keysOf(asking) < keysOf(layouts.activeIndex) && (
                <p>
                  {t('layoutSwitch.fewer', {
                    count: keysOf(layouts.activeIndex) - keysOf(asking),
                    name: layoutName(asking),
                  })}
                </p>
              )}
              {undoSteps > 0 && <p>{t('layoutSwitch.undo', { count: undoSteps })}</p>}
            </>
          }
          cancelLabel={t('cancel')}
          confirmLabel={t('layoutSwitch.confirm')}
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            const index = asking;
            setAsking(null);
            onLayout(index);
          }}
        />
      )}
    </LayerButtons>
  );
}
