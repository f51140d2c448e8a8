import { boolean, int, list, object, oneOf, optional, parse, text } from '../formats/checks.ts';
import type { ScreenType } from './screenFile.ts';

/** One output format the keyboard's screen takes (extended.md §3 "Export option"). */
export interface ExportOption {
  label: string;
  owidth: number;
  oheight: number;
  format?: string | undefined;
  orientations?: string[] | undefined;
  animFramesLimit?: number | undefined;
}
export interface ScreenConfig {
  fileTypes: { type: ScreenType; options: ExportOption[] }[];
  menus?: string[] | undefined;
  swapBit?: boolean | undefined;
  maxOutputSize: number;
  maxFgFileCount: number;
}

// The Configure screen reads this on the first screen: plain checks, not a schema library (formats/checks.ts).
const exportOptionSchema = object({
  label: text(1),
  owidth: int(1, 2048),
  oheight: int(1, 2048),
  format: optional(text()),
  orientations: optional(list(text())),
  animFramesLimit: optional(int(1, 65535)),
});

const screenConfigSchema = object({
  fileTypes: list(
    object({
      type: oneOf(['image', 'video', 'slider', 'theme']),
      options: list(exportOptionSchema, 1),
    }),
    1,
  ),
  menus: optional(list(text())),
  swapBit: optional(boolean),
  maxOutputSize: optional(int(-1), -1),
  maxFgFileCount: optional(int(0), 0),
});

/** The vendor config's `screen` entry, or null when it is malformed (the pane is then not offered). */
export function screenConfig(raw: unknown): ScreenConfig | null {
  return parse(screenConfigSchema, raw);
}

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
