import { use, useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { PaneTabs } from '../../common/PaneTabs.tsx';
import { Message } from '../../common/Message.tsx';
import { useOutcome } from '../../common/outcomes.ts';
import { useStore } from 'zustand';
import type { ScreenConfig } from '../../../screen/screenConfig.ts';
import { screenTools } from '../../../screen/screenTools.ts';
import type { ScreenType } from '../../../screen/screenFile.ts';
import { useAppStores, useDevices } from '../../AppContext.tsx';
import { TransferProgressView } from '../../common/TransferProgress.tsx';
import { TransferFailureNote } from '../../common/TransferFailureNote.tsx';
import { CropTool } from './CropTool.tsx';
import type { ToolProps } from './toolProps.ts';
import { SliderTool } from './SliderTool.tsx';
import { ThemeTool } from './ThemeTool.tsx';
import '../../common/onDemandParts.css';
import './screen.css';

/** 'Processing' shows this long before a file goes out, so the user sees the step (extended.md §4). */
export const PROCESSING_DELAY_MS = 300;

/**
 * The Screen pane (extended.md §2): tools for video, image, slider and theme content, each turning media into
 * the keyboard's screen file (docs/adr/0005) and sending it with progress and cancel.
 */
export function ScreenPane({ config, serial }: { config: ScreenConfig; serial: boolean }) {
  const { t } = useTranslation('hardware');
  const { runtime } = useAppStores();
  const transfers = use(runtime.transfers.load());
  const tools = screenTools(config);
  const [tool, setTool] = useState<ScreenType>(tools[0]!);
  const [processing, setProcessing] = useState(false);
  // Sent or failed shows as a notification: the tools above push the pane's end below the fold.
  const outcome = useOutcome();
  const progress = useStore(transfers, (s) => s.transfers.screen);
  const selectedPath = useDevices((s) => s.selectedPath);
  const saving = progress.state === 'saving' || processing;

  // An outcome belongs to its send: a new file, another tool or the keyboard re-enumerating clears it.
  const clearOutcome = () => {
    outcome.clear();
    if (transfers.getState().transfers.screen.state !== 'saving') transfers.getState().reset('screen');
  };
  useEffect(() => outcome.clear(), [selectedPath, outcome]);

  const onSave = (build: () => Promise<Uint8Array>) => {
    if (saving) return;
    outcome.clear();
    setProcessing(true);
    void (async () => {
      let file: Uint8Array;
      try {
        await new Promise((resolve) => setTimeout(resolve, PROCESSING_DELAY_MS));
        file = await build();
      } catch {
        outcome.show('error', t('screen.failedToProcess'));
        return;
      } finally {
        setProcessing(false);
      }
      try {
        const result = await runtime.bulk.sendScreenFile(file, serial);
        if (result === 'completed') outcome.show('success', t('screen.sent'));
      } catch {
        // Why it failed and where that left the keyboard, as the transfer store has it now.
        const failure = transfers.getState().transfers.screen.failure;
        outcome.show(
          'error',
          <>
            {t('screen.failedToSave')} <TransferFailureNote failure={failure} />
          </>,
        );
      }
    })();
  };

  const props: ToolProps = { config, busy: saving, onSave, onChosen: clearOutcome };
  return (
    <section className="pane card screen-pane" aria-label={t('screen.title')}>
      <PaneTabs<ScreenType>
        label={t('screen.tools')}
        tabs={tools.map((id) => ({ id, label: t(`screen.tool.${id}`) }))}
        current={tool}
        disabled={saving}
        onChange={(next) => {
          clearOutcome();
          setTool(next);
        }}
      />
      {(tool === 'image' || tool === 'video') && <CropTool key={tool} kind={tool} {...props} />}
      {tool === 'slider' && <SliderTool {...props} />}
      {tool === 'theme' && <ThemeTool {...props} />}
      <TransferProgressView
        progress={progress}
        tool={t(`screen.tool.${tool}`)}
        onCancel={() => transfers.getState().cancel('screen')}
      />
      {processing && <Message kind="info">{t('screen.processing')}</Message>}
      {progress.state === 'canceled' && <Message kind="info">{t('screen.canceled')}</Message>}
    </section>
  );
}
