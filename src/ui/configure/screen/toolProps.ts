import type { ScreenConfig } from '../../../screen/screenConfig.ts';

/** What the Screen pane gives each of its tools (crop, slider, theme). */
export interface ToolProps {
  config: ScreenConfig;
  /** Editing and saving are disabled while a file is being sent. */
  busy: boolean;
  /** Builds the screen file (may decode media) and sends it; the pane shows each step. */
  onSave(build: () => Promise<Uint8Array>): void;
  /** The user chose a new file: the last send's outcome no longer applies (issue #13.4). */
  onChosen(): void;
}
