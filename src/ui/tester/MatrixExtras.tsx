import { keychronOsSwitchIndex } from '../../qmk/keychronOsSwitch.ts';
import { useTranslation } from '../../i18n/useTranslation.ts';
import type { KeyboardState } from '../../services/keyboardLoader.ts';
import { useKeyboardKeys } from '../canvas/useKeyboardKeys.ts';

/**
 * What the matrix test reads beyond the drawn keys: a Keychron board's Mac/Windows switch where it sits in the
 * matrix (closed = Windows, docs/keychron-protocol.md), and any other closed switch that is no key of the layout
 * shown — otherwise the board would show nothing for them.
 */
export function MatrixExtras({
  keyboard,
  matrixKeys,
}: {
  keyboard: KeyboardState;
  matrixKeys: ReadonlyMap<number, 'down' | 'up'>;
}) {
  const { t } = useTranslation('tester');
  const drawn = useKeyboardKeys(keyboard, 0);
  const { cols } = keyboard.definition.matrix;
  const osIndex = keychronOsSwitchIndex(keyboard.definition.vendorProductId, cols);
  const keys = new Set(drawn.map((d) => d.matrixIndex));
  const others = [...matrixKeys]
    .filter(([index, state]) => state === 'down' && index !== osIndex && !keys.has(index))
    .map(([index]) => index)
    .sort((a, b) => a - b);
  const where = (index: number) => t('matrixPosition', { row: Math.floor(index / cols), col: index % cols });
  return (
    <>
      {osIndex !== null && (
        <p className="row-hint" data-testid="tester-os-switch">
          {t('osSwitch', {
            where: where(osIndex),
            position: t(matrixKeys.get(osIndex) === 'down' ? 'osSwitchWin' : 'osSwitchMac'),
          })}
        </p>
      )}
      {others.length > 0 && (
        <p className="row-hint">{t('offLayout', { switches: others.map(where).join('; ') })}</p>
      )}
    </>
  );
}
