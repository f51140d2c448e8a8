import { useTranslation } from '../../../i18n/useTranslation.ts';
import type { ZmkPhysicalLayouts } from '../../../zmk/keymapData.ts';
import { AskFirst } from '../../common/AskFirst.tsx';
import { ChoiceSelect } from '../../common/ChoiceSelect.tsx';

/**
 * The physical layout chooser, in the pane column's head (shown only when the board has more than one and its
 * firmware can switch): asked first (the shared AskFirst), saying what the switch does — keys the other layout
 * lacks are not shown (their bindings stay), and undo starts afresh.
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
  const layoutName = (index: number) => layouts.layouts[index]?.name || t('layoutN', { n: index + 1 });
  const keysOf = (index: number) => layouts.layouts[index]?.keys.length ?? 0;
  const fewer = (index: number) => keysOf(layouts.activeIndex) - keysOf(index);
  const question = (index: number) => ({
    title: t('layoutSwitch.title', { name: layoutName(index) }),
    description: (
      <>
        <p>{t('layoutSwitch.body')}</p>
        {fewer(index) > 0 && (
          <p>{t('layoutSwitch.fewer', { count: fewer(index), name: layoutName(index) })}</p>
        )}
        {undoSteps > 0 && <p>{t('layoutSwitch.undo', { count: undoSteps })}</p>}
      </>
    ),
    cancelLabel: t('cancel'),
    confirmLabel: t('layoutSwitch.confirm'),
  });
  return (
    <AskFirst question={question} onConfirm={onLayout}>
      {(ask) => (
        <ChoiceSelect
          className="zmk-layout-choice"
          label={t('physicalLayout')}
          value={layouts.activeIndex}
          options={layouts.layouts.map((_, index) => ({ value: index, label: layoutName(index) }))}
          placeholder=""
          otherLabel={String}
          disabled={busy}
          onChange={ask}
        />
      )}
    </AskFirst>
  );
}
