import { lazy, Suspense, use, useCallback, useEffect } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useStore } from 'zustand';
import { realTimers } from '../../lib/timers.ts';
import { pollMatrix } from '../../services/matrixPoller.ts';
import { TEST_SOUND_MODES, WAVEFORMS } from '../../state/settingsStore.ts';
import { MAX_TRANSPOSE, MIN_TRANSPOSE } from '../../tester/notes.ts';
import { useAppStores, useDevices, useSettings } from '../AppContext.tsx';
import { SettingRow, SwitchSetting } from '../common/SettingRow.tsx';
import { useKeyEvents } from '../common/useKeyEvents.ts';
import { withStrings } from '../../i18n/i18n.ts';
import { MatrixExtras } from './MatrixExtras.tsx';
import { keychronOsSwitchIndex } from '../../qmk/keychronOsSwitch.ts';
import '../common/onDemandParts.css';
import './tester.css';
import { vendorCommandsOf } from '../../services/vendorCommandsOf.ts';

// The Vial unlock dialog and lock chip load only for a Vial keyboard.
const VialUnlockDialog = lazy(() =>
  withStrings(import('../devices/VialUnlockDialog.tsx'), ['unlock']).then((m) => ({
    default: m.VialUnlockDialog,
  })),
);

/**
 * Key Tester controls (core.md §2): Reset, Test Matrix (the connected keyboard's own switches, read every
 * 20 ms), and Key Sounds with volume, transpose, waveform and mode. The board sits in the keyboard area.
 */
export default function TesterScreen() {
  const { t } = useTranslation('tester');
  const { tester: lazyTester, runtime, settings } = useAppStores();
  const tester = use(lazyTester.load());
  const states = useStore(tester, (s) => s.keys);
  const matrixKeys = useStore(tester, (s) => s.matrixKeys);
  const matrixTest = useStore(tester, (s) => s.matrixTest);
  const keyboard = useDevices((s) => s.keyboard);
  const commands = useDevices((s) => s.commands());
  const capabilities = useDevices((s) => s.capabilities);
  const selectedVirtual = useDevices((s) => s.devices.some((d) => d.path === s.selectedPath && d.virtual));
  const sound = useSettings((s) => s.testKeyboardSoundsSettings);
  const setSound = (patch: Partial<typeof sound>) =>
    settings.getState().update({ testKeyboardSoundsSettings: { ...sound, ...patch } });
  // The matrix test needs a keyboard whose firmware reports its switches (its family says: VIA protocol ≥ 9).
  const matrixAvailable = !!keyboard && !!commands && !!capabilities?.matrixTester;

  useKeyEvents(
    useCallback(
      (event: KeyboardEvent, state: 'down' | 'up') => {
        // Keep the browser from acting on keys under test (Tab, Space, F-keys …).
        event.preventDefault();
        if (tester.getState().matrixTest) {
          // A virtual keyboard's switches are pressed from this keyboard; a real one is read as it is.
          if (selectedVirtual) void runtime.pressVirtualKey(event.code, state === 'down');
        } else tester.getState().set(event.code, state);
      },
      [tester, runtime, selectedVirtual],
    ),
  );

  // Leaving /test turns the matrix test off and clears the tested keys.
  useEffect(
    () => () => {
      tester.getState().setMatrixTest(false);
      tester.getState().reset();
    },
    [tester],
  );

  useEffect(() => {
    if (!matrixTest || !matrixAvailable) return;
    const { rows, cols } = keyboard.definition.matrix;
    const vendor = vendorCommandsOf(commands);
    // A failing read ends the matrix test quietly (core.md §4).
    return pollMatrix(
      () => vendor.switchMatrix(rows, cols),
      (pressed) => tester.getState().applyMatrix(pressed, cols),
      () => tester.getState().setMatrixTest(false),
      realTimers,
    );
  }, [matrixTest, matrixAvailable, keyboard, commands, tester]);

  // Some keyboards (Vial protocol 3 and later) answer the matrix only when unlocked: ask for the unlock first.
  const startMatrixTest = async (on: boolean) => {
    if (
      on &&
      capabilities?.matrixTester === 'unlock' &&
      !(await (await runtime.vialUnlock()).getState().ensureUnlocked('tester'))
    )
      return;
    tester.getState().setMatrixTest(on);
  };

  // A Keychron board's Mac/Windows switch is read with the keys but is no key: it is not counted as tested or held.
  const osSwitch =
    matrixTest && keyboard
      ? keychronOsSwitchIndex(keyboard.definition.vendorProductId, keyboard.definition.matrix.cols)
      : null;
  const shown = [...(matrixTest ? matrixKeys : states)].filter(([key]) => key !== osSwitch);
  const held = shown.filter(([, s]) => s === 'down').length;
  return (
    <div className="screen tester">
      {capabilities?.lock === 'vial' && (
        <Suspense fallback={null}>
          <VialUnlockDialog />
        </Suspense>
      )}
      <div className="screen-header">
        <h1>{t('title')}</h1>
        <button type="button" className="btn" onClick={() => tester.getState().reset()}>
          {t('reset')}
        </button>
      </div>
      <p className="row-hint">
        {matrixTest ? t(selectedVirtual ? 'matrixHintVirtual' : 'matrixHint') : t('hint')}
      </p>
      <p className="row-hint" aria-live="polite">
        {t('summary', { count: shown.length, down: held })}
      </p>
      {matrixTest && matrixAvailable && <MatrixExtras keyboard={keyboard} matrixKeys={matrixKeys} />}
      <div className="card tester-controls">
        <SwitchSetting
          label={t('testMatrix')}
          hint={matrixAvailable ? undefined : t('testMatrixNeeds')}
          checked={matrixTest && matrixAvailable}
          disabled={!matrixAvailable}
          onChange={(on) => void startMatrixTest(on)}
        />
        <SwitchSetting
          label={t('sounds')}
          checked={sound.isEnabled}
          onChange={(isEnabled) => setSound({ isEnabled })}
        />
        <RangeRow
          label={t('volume')}
          min={0}
          max={100}
          value={sound.volume}
          disabled={!sound.isEnabled}
          onChange={(volume) => setSound({ volume })}
        />
        <RangeRow
          label={t('transpose')}
          min={MIN_TRANSPOSE}
          max={MAX_TRANSPOSE}
          value={sound.transpose}
          signed
          disabled={!sound.isEnabled}
          onChange={(transpose) => setSound({ transpose })}
        />
        <SettingRow label={t('waveform')}>
          {(id) => (
            <select
              id={id}
              value={sound.waveform}
              disabled={!sound.isEnabled}
              onChange={(e) => setSound({ waveform: e.target.value as typeof sound.waveform })}
            >
              {WAVEFORMS.map((w) => (
                <option key={w} value={w}>
                  {t(`waveforms.${w}`)}
                </option>
              ))}
            </select>
          )}
        </SettingRow>
        <SettingRow label={t('mode')}>
          {(id) => (
            <select
              id={id}
              value={sound.mode}
              disabled={!sound.isEnabled}
              onChange={(e) => setSound({ mode: e.target.value as typeof sound.mode })}
            >
              {TEST_SOUND_MODES.map((m) => (
                <option key={m} value={m}>
                  {t(`modes.${m}`)}
                </option>
              ))}
            </select>
          )}
        </SettingRow>
      </div>
    </div>
  );
}

/** A labelled slider with its value beside it. */
function RangeRow({
  label,
  min,
  max,
  value,
  signed = false,
  disabled,
  onChange,
}: {
  label: string;
  min: number;
  max: number;
  value: number;
  /** Shows a + on positive values (transpose). */
  signed?: boolean;
  disabled: boolean;
  onChange(value: number): void;
}) {
  return (
    <SettingRow label={label}>
      {(id) => (
        <span className="tester-range">
          <input
            id={id}
            type="range"
            min={min}
            max={max}
            value={value}
            disabled={disabled}
            onChange={(e) => onChange(Number(e.target.value))}
          />
          <output htmlFor={id}>{signed && value > 0 ? `+${value}` : value}</output>
        </span>
      )}
    </SettingRow>
  );
}
