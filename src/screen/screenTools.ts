import type { ExportOption, ScreenConfig } from './screenConfig.ts';
import type { ScreenType } from './screenFile.ts';

// What the Screen pane reads of a screen's config, apart from the reader the first screen's tab list runs.

/** Tools in the order the spec lists them, limited to the types the keyboard takes. */
export function screenTools(config: ScreenConfig): ScreenType[] {
  return (['video', 'image', 'slider', 'theme'] as const).filter((t) =>
    config.fileTypes.some((f) => f.type === t),
  );
}

export function exportOptions(config: ScreenConfig, type: ScreenType): ExportOption[] {
  return config.fileTypes.find((f) => f.type === type)?.options ?? [];
}

/** Whether `bytes` fit the keyboard's output limit (-1: no limit). */
export function withinOutputLimit(config: ScreenConfig, bytes: number): boolean {
  return config.maxOutputSize < 0 || bytes <= config.maxOutputSize;
}
