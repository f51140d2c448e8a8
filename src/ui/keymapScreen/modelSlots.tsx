import { LayerButtons } from '../keymapTools/LayerButtons.tsx';
import { ConfigureFrame } from '../common/ConfigureFrame.tsx';
import { ConfigureKeys } from './ConfigureKeys.tsx';
import { UnsavedBar } from './UnsavedBar.tsx';
import type { ScreenModel, ScreenSlots } from './screenModel.ts';

/**
 * A family's screen model as the shell's slots: the shared layer row, keyboard and frame over the model's data.
 * Only a family that gives a model imports this (ZMK's lazy module), so it is not on the first screen.
 */
export function modelSlots<P extends string>(model: ScreenModel<P>): ScreenSlots {
  return {
    notes: model.notes,
    layers: model.layers && <LayerButtons {...model.layers} />,
    keyboard: model.keyboard && <ConfigureKeys {...model.keyboard} />,
    keyboardShown: model.keyboard !== null,
    loading: model.loading,
    frame: model.frame && (
      <ConfigureFrame
        {...model.frame}
        head={
          <>
            {model.unsaved && <UnsavedBar {...model.unsaved} />}
            {model.frame.head}
          </>
        }
      />
    ),
  };
}
