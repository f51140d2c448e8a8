import { z } from '../formats/zod.ts';
import type { ScreenType } from './screenFile.ts';

/** One output format the keyboard's screen takes (extended.md §3 "Export option"). */
const exportOptionSchema = z.object({
  label: z.string().min(1),
  owidth: z.number().int().min(1).max(2048),
  oheight: z.number().int().min(1).max(2048),
  format: z.string().optional(),
  orientations: z.array(z.string()).optional(),
  animFramesLimit: z.number().int().min(1).max(65535).optional(),
});
export type ExportOption = z.output<typeof exportOptionSchema>;

const screenConfigSchema = z.object({
  fileTypes: z
    .array(
      z.object({
        type: z.enum(['image', 'video', 'slider', 'theme']),
        options: z.array(exportOptionSchema).min(1),
      }),
    )
    .min(1),
  menus: z.array(z.string()).optional(),
  swapBit: z.boolean().optional(),
  maxOutputSize: z.number().int().min(-1).default(-1),
  maxFgFileCount: z.number().int().min(0).default(0),
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
