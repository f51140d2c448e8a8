import { useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import type { KeyboardState } from '../../../services/keyboardLoader.ts';
import { isEmptyEntry, type EntryOf } from '../../../vial/entries.ts';
import { EntryTabs } from './EntryTabs.tsx';
import { KeycodeSlots, useSlotAdvance } from './KeycodeSlots.tsx';
import { VialKeycodePicker } from './VialKeycodePicker.tsx';
import '../../common/onDemandParts.css';

type Combo = EntryOf<'combo'>;
type Slot = 'key0' | 'key1' | 'key2' | 'key3' | 'output';

const SLOTS: readonly Slot[] = ['key0', 'key1', 'key2', 'key3', 'output'];

/** Combos: up to four keys pressed together send the output keycode. */
export function CombosPane({
  keyboard,
  entries,
  onChange,
}: {
  keyboard: KeyboardState;
  entries: readonly Combo[];
  onChange(index: number, entry: Combo): void;
}) {
  const { t } = useTranslation('vial');
  const [index, setIndex] = useState(0);
  const [slot, setSlot] = useState<Slot>('key0');
  const advance = useSlotAdvance(SLOTS, slot, setSlot);
  const at = Math.min(index, entries.length - 1);
  const entry = entries[at]!;
  const codeOf = (s: Slot) => (s === 'output' ? entry.output : entry.keys[Number(s.slice(3))]!);
  const assign = (code: number) => {
    if (slot === 'output') onChange(at, { ...entry, output: code });
    else {
      const keys = [...entry.keys] as Combo['keys'];
      keys[Number(slot.slice(3))] = code;
      onChange(at, { ...entry, keys });
    }
    advance();
  };
  const slots = SLOTS;
  return (
    <div className="vial-pane" data-testid="combos-pane">
      <EntryTabs
        count={entries.length}
        chosen={at}
        labelOf={(i) => String(i)}
        nameOf={(i) => t('combo.entry', { n: i })}
        inUse={(i) => !isEmptyEntry('combo', entries[i]!)}
        onChoose={setIndex}
      />
      <div className="card vial-editor">
        <h2 className="row-label">{t('combo.entry', { n: at })}</h2>
        <KeycodeSlots
          label={t('combo.entry', { n: at })}
          protocol={keyboard.protocol}
          active={slot}
          onChoose={(id) => setSlot(id as Slot)}
          slots={slots.map((s) => ({
            id: s,
            label: s === 'output' ? t('combo.output') : t('combo.key', { n: Number(s.slice(3)) + 1 }),
            code: codeOf(s),
          }))}
        />
        <p className="row-hint">
          {t('pickHint')} {t('combo.hint')}
        </p>
      </div>
      <VialKeycodePicker keyboard={keyboard} current={codeOf(slot)} onAssign={assign} />
    </div>
  );
}
