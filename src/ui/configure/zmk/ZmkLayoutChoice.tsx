import { useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import type { ZmkPhysicalLayouts } from '../../../zmk/keymapData.ts';
import { ChoiceSelect } from '../../common/ChoiceSelect.tsx';
import { ConfirmDialog } from '../../common/ConfirmDialog.tsx';

/**
 * The physical layout chooser, in the pane column's head (shown only when the board has more than one and its
 * firmware can switch): asked first, saying what the switch does — keys the other layout lacks are not shown
 * (their bindings stay), and undo starts afresh.
 */
export function ZmkLayoutChoice({
  layouts,
  busy,
  undoSteps,
  onLayout,
}: {
  layouts: ZmkPhysicalLayouts;
  busy: boolean;
  /** Edits undo could take back now: the switch drops them from history. */
  undoSteps: number;
  onLayout(index: number): void;
}) {
  const { t } = useTranslation('zmk');
  const [asking, setAsking] = useState<number | null>(null);
  const layoutName = (index: number) => layouts.layouts[index]?.name || t('layoutN', { n: index + 1 });
  const keysOf = (index: number) => layouts.layouts[index]?.keys.length ?? 0;
  return (
    <>
      <ChoiceSelect
        className="zmk-layout-choice"
        label={t('physicalLayout')}
        value={layouts.activeIndex}
        options={layouts.layouts.map((_, index) => ({ value: index, label: layoutName(index) }))}
        placeholder=""
        otherLabel={String}
        disabled={busy}
        onChange={setAsking}
      />
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
    </>
  );
}
