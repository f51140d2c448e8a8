import { use, useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useStore } from 'zustand';
import { formatVersion } from '../../formats/firmwareConfig.ts';
import { useAppStores, useDevices } from '../AppContext.tsx';
import { DeviceIdLists, type AuthorisedDevice } from './DeviceIdLists.tsx';
import { ConfirmDialog } from '../common/ConfirmDialog.tsx';
import { Message } from '../common/Message.tsx';
import { useOutcome } from '../common/outcomes.ts';
import { PaneTabs } from '../common/PaneTabs.tsx';
import { readableError } from '../common/errorText.ts';
import { SwitchSetting } from '../common/SettingRow.tsx';
import { useKeyEvents } from '../common/useKeyEvents.ts';
import { benchmarkSwitchMatrix, type MatrixBenchmark } from '../../services/matrixBenchmark.ts';
import type { DebugLayout } from '../../state/debugStore.ts';
import '../common/onDemandParts.css';
import '../common/progress.css';
import './debug.css';
import { vendorCommandsOf } from '../../services/vendorCommandsOf.ts';

const hex4 = (n: number) => n.toString(16).padStart(4, '0').toUpperCase();
type Action = 'eeprom' | 'bootloader' | 'macros';
/** A device this site may open, as the list of them shows it. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card debug-section" aria-label={title}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

/**
 * The Debug pane (extended.md §2): device facts and id lists, maintenance actions (EEPROM reset, bootloader
 * jump, clear all macros) behind a confirmation, a switch-state read benchmark, dummy layouts with key
 * testing on the canvas, and the design system's widgets. Shown in development or with the debug flag.
 */
export default function DebugScreen() {
  const { t } = useTranslation('debug');
  const { runtime } = useAppStores();
  const debug = use(runtime.debug.load());
  const keyboard = useDevices((s) => s.keyboard);
  const selected = useDevices((s) => s.devices.find((d) => d.path === s.selectedPath) ?? null);
  const recognised = useDevices((s) => s.devices);
  const layout = useStore(debug, (s) => s.layout);
  const [authorised, setAuthorised] = useState<AuthorisedDevice[]>([]);
  const [confirm, setConfirm] = useState<Action | null>(null);
  // The keyboard sent into its bootloader: it is gone from the list, so the device section says where it is.
  const [inBootloader, setInBootloader] = useState<string | null>(null);
  const outcome = useOutcome();
  const [bench, setBench] = useState<MatrixBenchmark | 'running' | null>(null);

  useEffect(() => {
    let live = true;
    void runtime.provider.devices().then(
      (list) =>
        live &&
        setAuthorised(
          // Read off the device: WebHID's fields are getters, which a spread would not copy.
          list.map(({ path, device: { productName, vendorId, productId } }) => ({
            path,
            productName,
            vendorId,
            productId,
          })),
        ),
    );
    return () => {
      live = false;
    };
  }, [runtime, recognised]);

  // Typed keys light up on the dummy layout (key testing); leaving Debug clears them.
  useKeyEvents(
    useCallback((e: KeyboardEvent, state: 'down' | 'up') => debug.getState().set(e.code, state), [debug]),
  );
  useEffect(() => () => debug.getState().clear(), [debug]);

  const run = async (action: Action) => {
    setConfirm(null);
    outcome.clear();
    const commands = runtime.store.getState().commands();
    const path = runtime.store.getState().selectedPath;
    if (!commands || !path) return;
    try {
      if (action === 'eeprom') await commands.eepromReset();
      if (action === 'macros') await commands.resetMacros();
      if (action === 'bootloader') {
        const name = selected?.productName ?? '';
        await commands.jumpToBootloader();
        setInBootloader(name);
      }
      outcome.show('success', t(`done.${action}`));
      // The keyboard's settings changed under the app: read it again (a board in its bootloader is gone).
      if (action !== 'bootloader') await runtime.store.getState().select(path);
    } catch (error) {
      outcome.show('error', readableError(error));
    }
  };

  const runBench = async () => {
    const commands = runtime.store.getState().commands();
    if (!commands || !keyboard) return;
    const vendor = vendorCommandsOf(commands);
    setBench('running');
    try {
      const { rows, cols } = keyboard.definition.matrix;
      setBench(
        await benchmarkSwitchMatrix(
          () => vendor.switchMatrix(rows, cols),
          100,
          () => performance.now(),
        ),
      );
    } catch (error) {
      setBench(null);
      outcome.show('error', readableError(error));
    }
  };

  return (
    <div className="screen debug-screen">
      <h1>{t('title')}</h1>
      <Section title={t('device.title')}>
        {selected && keyboard ? (
          <dl className="debug-facts">
            <dt>{t('device.name')}</dt>
            <dd>{selected.productName}</dd>
            <dt>{t('device.ids')}</dt>
            <dd>
              <code>
                {hex4(selected.vendorId)}:{hex4(selected.productId)}
              </code>
            </dd>
            <dt>{t('device.protocol')}</dt>
            <dd>{selected.protocol}</dd>
            <dt>{t('device.firmware')}</dt>
            <dd>{formatVersion(keyboard.firmwareVersion)}</dd>
            <dt>{t('device.matrix')}</dt>
            <dd>
              {keyboard.definition.matrix.rows} × {keyboard.definition.matrix.cols},{' '}
              {t('device.layers', { count: keyboard.layerCount })}
            </dd>
            <dt>{t('device.path')}</dt>
            <dd>
              <code>{selected.path}</code>{' '}
              {selected.virtual && <span className="badge">{t('device.virtual')}</span>}
            </dd>
          </dl>
        ) : (
          <p className="row-hint" role="status">
            {inBootloader !== null ? t('device.inBootloader', { name: inBootloader }) : t('device.none')}
          </p>
        )}
      </Section>

      <Section title={t('lists.title')}>
        <DeviceIdLists authorised={authorised} />
      </Section>

      <Section title={t('actions.title')}>
        <div className="debug-row">
          {(['eeprom', 'bootloader', 'macros'] as const).map((action) => (
            <button
              key={action}
              type="button"
              className="btn btn-danger"
              disabled={!keyboard}
              onClick={() => setConfirm(action)}
            >
              {t(`actions.${action}`)}
            </button>
          ))}
        </div>
        {confirm && (
          <ConfirmDialog
            title={t(`actions.${confirm}`)}
            description={<p>{t(`confirm.${confirm}`)}</p>}
            cancelLabel={t('confirm.no')}
            confirmLabel={t(`confirm.yes.${confirm}`)}
            confirmKind="danger"
            onCancel={() => setConfirm(null)}
            onConfirm={() => void run(confirm)}
          />
        )}
      </Section>

      <Section title={t('bench.title')}>
        <div className="debug-row">
          <button
            type="button"
            className="btn"
            disabled={!keyboard || bench === 'running'}
            onClick={() => void runBench()}
          >
            {t('bench.run')}
          </button>
          {bench === 'running' && <Message kind="info">{t('bench.running')}</Message>}
          {bench && bench !== 'running' && (
            <Message kind="info">
              {t('bench.result', {
                reads: bench.reads,
                perSecond: bench.perSecond.toFixed(0),
                mean: bench.meanMs.toFixed(1),
                max: bench.maxMs.toFixed(1),
              })}
            </Message>
          )}
        </div>
      </Section>

      <Section title={t('layouts.title')}>
        <PaneTabs<DebugLayout>
          label={t('layouts.title')}
          tabs={(['full', 'keyboard'] as const).map((id) => ({ id, label: t(`layouts.${id}`) }))}
          current={layout}
          onChange={(id) => debug.getState().setLayout(id)}
        />
        <p className="row-hint">{t('layouts.hint')}</p>
      </Section>

      <Section title={t('widgets.title')}>
        <div className="debug-row">
          <button type="button" className="btn btn-primary">
            {t('widgets.primary')}
          </button>
          <button type="button" className="btn">
            {t('widgets.normal')}
          </button>
          <button type="button" className="btn btn-danger">
            {t('widgets.danger')}
          </button>
          <button type="button" className="btn" disabled>
            {t('widgets.disabled')}
          </button>
        </div>
        <WidgetSamples />
      </Section>
    </div>
  );
}

function WidgetSamples() {
  const { t } = useTranslation('debug');
  const [on, setOn] = useState(true);
  const [value, setValue] = useState(40);
  return (
    <>
      <SwitchSetting label={t('widgets.switch')} checked={on} onChange={setOn} />
      <label className="debug-row">
        {t('widgets.range')}
        <input
          type="range"
          min={0}
          max={100}
          value={value}
          onChange={(e) => setValue(Number(e.target.value))}
        />
        <output>{value}</output>
      </label>
      <progress max={100} value={value} aria-label={t('widgets.progress')} />
      <Message kind="success">{t('widgets.success')}</Message>
      <Message kind="error">{t('widgets.error')}</Message>
    </>
  );
}
