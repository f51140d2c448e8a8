import { use, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { PaneTabs } from '../../common/PaneTabs.tsx';
import { Message } from '../../common/Message.tsx';
import { useOutcome } from '../../common/outcomes.ts';
import { useStore } from 'zustand';
import { definitionName } from '../../../definitions/definitionName.ts';
import { decodeTabml, encodeTabml, fileName as tabmlName } from '../../../formats/tabml.ts';
import type { MatrixLightingConfig } from '../../../formats/vendorConfig.ts';
import {
  addFrame,
  animationData,
  cellColor,
  clearFrame,
  copyFrame,
  deleteAll,
  deleteFrame,
  FPS_OPTIONS,
  fromData,
  moveFrame,
  nearestFps,
  paint,
  replaceFrame,
  selectFrame,
  shift,
  type Direction,
} from '../../../matrix/frames.ts';
import { shareFile, SHARE_MESSAGE_MS } from '../../../services/shareFile.ts';
import { useAppStores, useDevices } from '../../AppContext.tsx';
import { TransferFailureNote } from '../../common/TransferFailureNote.tsx';
import { downloadBlob } from '../../common/download.ts';
import { FileButton } from '../../common/FileButton.tsx';
import { readBytes } from '../../common/readFile.ts';
import { TransferProgressView } from '../../common/TransferProgress.tsx';
import { ColorPicker } from './ColorPicker.tsx';
import { FrameThumbnails } from './FrameThumbnails.tsx';
import { MatrixTexts } from './MatrixTexts.tsx';
import { importImageFrame, importVideoFrames } from './mediaImport.ts';
import '../../common/onDemandParts.css';
import './matrix.css';
import { OfflineNotice } from '../../offline/OfflineNotice.tsx';
import { observedFetch, useOnline } from '../../offline/useOnline.ts';

export interface MatrixLightingPaneProps {
  config: MatrixLightingConfig;
  /** Transfers go over the keyboard's serial port (vendor config cdc). */
  serial: boolean;
  /** macOS with the vendor's serial-driver issue: saving is not possible there. */
  saveBlocked: boolean;
}

const ARROWS: Record<string, Direction> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
};

/**
 * The LED grid's animation editor (extended.md §2 Matrix Lighting pane): paint frames, play them, save them to
 * the keyboard, and move them in and out as .tabml files; plus the grid's texts when the keyboard has them.
 */
export function MatrixLightingPane({ config, serial, saveBlocked }: MatrixLightingPaneProps) {
  const { t } = useTranslation('hardware');
  const { runtime } = useAppStores();
  const transfers = use(runtime.transfers.load());
  const matrix = use(runtime.matrix.load());
  const { rows, cols, maxFrame } = config;
  const animation = useStore(matrix, (s) => s.animation);
  const color = useStore(matrix, (s) => s.color);
  const fps = useStore(matrix, (s) => s.fps);
  const playing = useStore(matrix, (s) => s.playing);
  const progress = useStore(transfers, (s) => s.transfers.matrix);
  const [tab, setTab] = useState<'frames' | 'texts'>('frames');
  // Outcomes show as notifications: Save is at the end of a long pane.
  const outcome = useOutcome();
  const [busy, setBusy] = useState(false);
  const networkUp = useOnline();
  const painting = useRef(false);
  const selectedPath = useDevices((s) => s.selectedPath);
  const keyboardName = useDevices((s) => (s.keyboard ? definitionName(s.keyboard.definition) : ''));
  // An outcome belongs to the keyboard it happened on: it goes when the keyboard re-enumerates (issue #13.4).
  useEffect(() => outcome.clear(), [selectedPath, outcome]);

  useEffect(() => matrix.getState().prepare(rows, cols), [matrix, rows, cols]);

  // Playback: one frame per 1/fps second; stops when the pane closes.
  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => matrix.getState().step(), 1000 / fps);
    return () => clearInterval(timer);
  }, [matrix, playing, fps]);
  useEffect(() => () => matrix.getState().setPlaying(false), [matrix]);

  if (!animation || animation.rows !== rows || animation.cols !== cols) return null;

  const saving = progress.state === 'saving';
  const locked = playing || saving || busy;
  const atLimit = animation.frames.length >= maxFrame;
  const edit = matrix.getState().edit;
  const fail = (error: unknown) =>
    outcome.show('error', error instanceof Error ? error.message : String(error));

  const paintAt = (target: EventTarget | null, pick: boolean) => {
    const cell = (target as HTMLElement | null)?.closest<HTMLElement>('[data-cell]');
    if (!cell) return;
    const [row, col] = cell.dataset.cell!.split(',').map(Number) as [number, number];
    if (pick) matrix.getState().setColor(cellColor(animation, row, col));
    else edit((a) => paint(a, row, col, matrix.getState().color));
  };

  const onPointerDown = (e: PointerEvent) => {
    if (locked || e.button !== 0) return;
    painting.current = true;
    (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
    paintAt(e.target, false);
  };
  const onPointerMove = (e: PointerEvent) => {
    if (!painting.current) return;
    // With pointer capture the target stays the grid: find the cell under the pointer instead.
    paintAt(document.elementFromPoint(e.clientX, e.clientY), false);
  };
  const stopPainting = () => {
    painting.current = false;
  };

  const onGridKey = (e: KeyboardEvent) => {
    const direction = ARROWS[e.key];
    if (!direction || locked) return;
    e.preventDefault();
    edit((a) => shift(a, direction));
  };

  const save = async () => {
    outcome.clear();
    try {
      const result = await runtime.bulk.saveMatrix(
        { frames: animation.frames.length, fps, rows, cols, data: animationData(animation) },
        serial,
      );
      if (result === 'completed') outcome.show('success', t('matrix.saved'));
    } catch {
      // Why it failed and where that left the keyboard, as the transfer store has it now.
      const failure = transfers.getState().transfers.matrix.failure;
      outcome.show(
        'error',
        <>
          {t('matrix.failedToSave')} <TransferFailureNote failure={failure} />
        </>,
      );
    }
  };

  const fileBytes = () =>
    encodeTabml({ frames: animation.frames.length, fps, rows, cols, data: animationData(animation) });

  const importFile = async (file: File) => {
    outcome.clear();
    try {
      const content = decodeTabml(await readBytes(file), { rows, cols });
      if ('error' in content) throw new Error(content.error);
      if (content.frames > maxFrame) throw new Error(t('matrix.tooManyFrames', { max: maxFrame }));
      matrix.getState().load(fromData(rows, cols, content.frames, content.data), nearestFps(content.fps));
    } catch (error) {
      fail(error);
    }
  };

  const importMedia = async (file: File, kind: 'image' | 'video') => {
    outcome.clear();
    setBusy(true);
    try {
      if (kind === 'image') {
        const frame = await importImageFrame(file, rows, cols);
        edit((a) => replaceFrame(a, frame));
      } else {
        const frames = await importVideoFrames(file, rows, cols, fps, maxFrame);
        matrix.getState().load({ rows, cols, frames, index: 0 }, fps);
      }
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  const share = async () => {
    setBusy(true);
    const result = await shareFile(
      config.shareApi!,
      fileBytes(),
      tabmlName(keyboardName, cols, rows),
      observedFetch,
    );
    setBusy(false);
    if (result === 'Sharing success')
      outcome.show('success', t('matrix.shareSuccess'), { shownMs: SHARE_MESSAGE_MS });
    else outcome.show('error', t('matrix.shareFailed'));
  };

  const frame = animation.frames[animation.index]!;
  const pick = (e: { preventDefault(): void; target: EventTarget | null }) => {
    e.preventDefault();
    if (!locked) paintAt(e.target, true);
  };

  return (
    <section className="pane card matrix-pane" aria-label={t('matrix.title')}>
      {config.texts && (
        <PaneTabs<'frames' | 'texts'>
          label={t('matrix.title')}
          tabs={(['frames', 'texts'] as const).map((id) => ({ id, label: t(`matrix.tab.${id}`) }))}
          current={tab}
          onChange={(next) => {
            outcome.clear();
            setTab(next);
          }}
        />
      )}
      {tab === 'texts' && config.texts ? (
        <MatrixTexts count={config.texts.count} length={config.texts.length} />
      ) : (
        <>
          <div className="matrix-toolbar">
            <ColorPicker color={color} disabled={locked} onChange={(c) => matrix.getState().setColor(c)} />
            <span className="matrix-counter" aria-label={t('matrix.frameCounter')}>
              {animation.index + 1}/{animation.frames.length}
            </span>
            <label className="matrix-fps">
              {t('matrix.fps')}
              <select
                value={fps}
                disabled={locked}
                onChange={(e) => matrix.getState().setFps(Number(e.target.value))}
              >
                {FPS_OPTIONS.map((f) => (
                  <option key={f} value={f}>
                    {f}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              className="btn"
              aria-pressed={playing}
              disabled={saving || busy}
              onClick={() => matrix.getState().setPlaying(!playing)}
            >
              {playing ? t('matrix.stop') : t('matrix.play')}
            </button>
          </div>
          <div
            className="matrix-grid"
            role="img"
            tabIndex={0}
            aria-label={t('matrix.gridLabel', { rows, cols })}
            aria-describedby="matrix-grid-help"
            aria-disabled={locked}
            style={{ gridTemplateColumns: `repeat(${cols}, 1fr)` }}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={stopPainting}
            onPointerCancel={stopPainting}
            onContextMenu={pick}
            onKeyDown={onGridKey}
          >
            {Array.from({ length: rows * cols }, (_, i) => {
              const [r, c] = [Math.floor(i / cols), i % cols];
              return (
                <span
                  key={i}
                  className="matrix-cell"
                  data-cell={`${r},${c}`}
                  style={{ background: `rgb(${frame[i * 3]}, ${frame[i * 3 + 1]}, ${frame[i * 3 + 2]})` }}
                />
              );
            })}
          </div>
          <p id="matrix-grid-help" className="row-hint">
            {t('matrix.gridHelp')}
          </p>
          <div className="matrix-actions" role="group" aria-label={t('matrix.frameActions')}>
            <button type="button" className="btn" disabled={locked} onClick={() => edit(deleteAll)}>
              {t('matrix.deleteAll')}
            </button>
            <button
              type="button"
              className="btn"
              disabled={locked || atLimit}
              onClick={() => edit((a) => copyFrame(a, maxFrame))}
            >
              {t('matrix.copy')}
            </button>
            <button
              type="button"
              className="btn"
              disabled={locked || atLimit}
              onClick={() => edit((a) => addFrame(a, maxFrame))}
            >
              {t('matrix.add')}
            </button>
            <button type="button" className="btn" disabled={locked} onClick={() => edit(deleteFrame)}>
              {t('matrix.delete')}
            </button>
            <button type="button" className="btn" disabled={locked} onClick={() => edit(clearFrame)}>
              {t('matrix.reset')}
            </button>
            {config.importEnable && (
              <>
                <FileButton
                  label={t('matrix.importImage')}
                  accept="image/*"
                  disabled={locked}
                  onFiles={([file]) => void importMedia(file!, 'image')}
                />
                <FileButton
                  label={t('matrix.importVideo')}
                  accept="video/mp4,image/gif,.mp4,.gif"
                  disabled={locked}
                  onFiles={([file]) => void importMedia(file!, 'video')}
                />
              </>
            )}
          </div>
          <FrameThumbnails
            animation={animation}
            disabled={locked}
            onSelect={(i) => edit((a) => selectFrame(a, i))}
            onMove={(to) => edit((a) => moveFrame(a, to))}
          />
          <div className="matrix-actions" role="group" aria-label={t('matrix.fileActions')}>
            <FileButton
              label={t('matrix.importFile')}
              accept=".tabml"
              disabled={locked}
              onFiles={([file]) => void importFile(file!)}
            />
            <button
              type="button"
              className="btn"
              disabled={busy}
              onClick={() =>
                downloadBlob(new Blob([fileBytes().slice()]), tabmlName(keyboardName, cols, rows))
              }
            >
              {t('matrix.downloadFile')}
            </button>
            {config.shareApi && (
              <button
                type="button"
                className="btn"
                disabled={busy || !networkUp}
                onClick={() => void share()}
              >
                {t('matrix.share')}
              </button>
            )}
            <button
              type="button"
              className="btn btn-primary"
              disabled={saving || busy || saveBlocked}
              onClick={() => void save()}
            >
              {t('matrix.save')}
            </button>
          </div>
          {saveBlocked && <p className="row-hint">{t('MATRIX_LED_MAC_NOTSUPPORT')}</p>}
          <TransferProgressView progress={progress} tool={t('matrix.title')} />
          {busy && <Message kind="info">{t('matrix.processing')}</Message>}
          {config.shareApi && <OfflineNotice action="share" />}
        </>
      )}
    </section>
  );
}
