import { useMemo } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import type { Landing } from '../../keymap/transparency.ts';
import type { DecorateKeys } from '../common/canvasKey.ts';
import { keyMarks, markedKey, type ExtraMarks, type MarkSource, type ThroughFace } from './keyMarks.ts';

/** What the keyboard's marks and fall-through legends are made from, for any family's bindings `B`. */
export interface DecorationSource<B> extends MarkSource {
  through: readonly (Landing<B> | null | undefined)[];
  describe(binding: B): ThroughFace;
}

/**
 * How the keymap tools dress the shown layer's keys, the same for every family: marks (reach, Find's hits,
 * pressed candidates, unseen keys, the picked key) and transparent keys showing dimmed what they fall through to,
 * named so ('Row 2, column 5: transparent → A (layer 0)'). Null (nothing to do) without an insight or when the
 * keys show something else.
 */
export function useKeyDecoration<B>(
  insight: DecorationSource<B> | null,
  layer: number,
  extra: ExtraMarks,
  enabled = true,
): DecorateKeys | null {
  const { t } = useTranslation('layerTools');
  const { picked, candidates, unseen } = extra;
  return useMemo<DecorateKeys | null>(() => {
    if (!insight || !enabled) return null;
    const marks = keyMarks(insight, layer, { picked, candidates, unseen });
    const words = {
      through: (key: string, on: number) => t('through', { key, layer: on }),
      nothing: t('throughNothing'),
    };
    return (keys) =>
      keys.map((key, i) => markedKey(key, marks(i), insight.through[i], insight.describe, words));
  }, [insight, enabled, layer, picked, candidates, unseen, t]);
}
