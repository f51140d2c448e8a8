import { useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import type { KeyboardState } from '../../../services/keyboardLoader.ts';
import { isEmptyEntry, type EntryOf } from '../../../vial/entries.ts';
import { EntryTabs } from './EntryTabs.tsx';
import { KeycodeSlots, useSlotAdvance } from './KeycodeSlots.tsx';
import { NumberField } from './NumberField.tsx';
import { VialKeycodePicker } from './VialKeycodePicker.tsx';
import '../../common/onDemandParts.css';

/** The longest tapping term the pane offers (ms), as Vial's own editor; the entry itself holds a u16. */
const TAPPING_TERM_MAX = 10000;

type TapDance = EntryOf<'tapDance'>;
type Slot = 'onTap' | 'onHold' | 'onDoubleTap' | 'onTapHold';
const SLOTS: readonly Slot[] = ['onTap', 'onHold', 'onDoubleTap', 'onTapHold'];

/** Tap dance entries: four keycodes (tap, hold, double tap, tap + hold) and the tapping term of each. */
export function TapDancePane({
  keyboard,
  entries,
  onChange,
}: {
  keyboard: KeyboardState;
  entries: readonly TapDance[];
  onChange(index: number, entry: TapDance): void;
}) {
  const { t } = useTranslation('vial');
  const [index, setIndex] = useState(0);
  const [slot, setSlot] = useState<Slot>('onTap');
  const advance = useSlotAdvance(SLOTS, slot, setSlot);
  const entry = entries[Math.min(index, entries.length - 1)]!;
  const at = Math.min(index, entries.length - 1);
  return (
    <div className="vial-pane" data-testid="tap-dance-pane">
      <EntryTabs
        count={entries.length}
        chosen={at}
        nameOf={(i) => `TD(${i})`}
        inUse={(i) => !isEmptyEntry('tapDance', entries[i]!)}
        onChoose={setIndex}
      />
      <div className="card vial-editor">
        <h2 className="row-label">{t('tapDance.entry', { n: at })}</h2>
        <KeycodeSlots
          label={t('tapDance.entry', { n: at })}
          protocol={keyboard.protocol}
          active={slot}
          onChoose={(id) => setSlot(id as Slot)}
          slots={SLOTS.map((s) => ({ id: s, label: t(`tapDance.${s}`), code: entry[s] }))}
        />
        <NumberField
          id={`td-term-${at}`}
          label={t('tapDance.tappingTerm')}
          unit={t('settings.unit.ms')}
          min={0}
          max={TAPPING_TERM_MAX}
          value={entry.tappingTerm}
          onCommit={(tappingTerm) => onChange(at, { ...entry, tappingTerm })}
        />
        <p className="row-hint">
          {t('pickHint')} {t('tapDance.useHint', { n: at })}
        </p>
      </div>
      <VialKeycodePicker
        keyboard={keyboard}
        current={entry[slot]}
        onAssign={(code) => {
          onChange(at, { ...entry, [slot]: code });
          advance();
        }}
      />
    </div>
  );
}
