import { z } from '../formats/zodMini.ts';
import type { ScreenType } from './screenFile.ts';

/** One output format the keyboard's screen takes (extended.md §3 "Export option"). */
const exportOptionSchema = z.object({
  label: z.string().check(z.minLength(1)),
  owidth: z.int().check(z.minimum(1), z.maximum(2048)),
  oheight: z.int().check(z.minimum(1), z.maximum(2048)),
  format: z.optional(z.string()),
  orientations: z.optional(z.array(z.string())),
  animFramesLimit: z.optional(z.int().check(z.minimum(1), z.maximum(65535))),
});
export type ExportOption = z.output<typeof exportOptionSchema>;

const screenConfigSchema = z.object({
  fileTypes: z
    .array(
      z.object({
        type: z.enum(['image', 'video', 'slider', 'theme']),
        options: z.array(exportOptionSchema).check(z.minLength(1)),
      }),
    )
    .check(z.minLength(1)),
  menus: z.optional(z.array(z.string())),
  swapBit: z.optional(z.boolean()),
  maxOutputSize: z._default(z.int().check(z.minimum(-1)), -1),
  maxFgFileCount: z._default(z.int().check(z.minimum(0)), 0),
});
export type ScreenConfig = z.output<typeof screenConfigSchema>;

/** The vendor config's `screen` entry, or null when it is malformed (the pane is then not offered). */
export function screenConfig(raw: unknown): ScreenConfig | null {
  const parsed = screenConfigSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
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
