import { use, useMemo } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { definitionName } from '../../definitions/definitionName.ts';
import { useStore } from 'zustand';
import { visibleKeys } from '../../definitions/geometry.ts';
import { useAppStores, useSettings } from '../AppContext.tsx';
import type { CanvasKey } from '../common/canvasKey.ts';
import { KeyboardView } from '../canvas/KeyboardView.tsx';

const NONE: ReadonlySet<number> = new Set();

/** The shown draft on the keyboard canvas; with Show Matrix each key is labelled with its row,col. */
export function DesignKeyboard() {
  const { t } = useTranslation('design');
  const { runtime } = useAppStores();
  const designStore = use(runtime.design.load());
  const version = useSettings((s) => s.designDefinitionVersion);
  const draft = useStore(designStore, (s) =>
    s.drafts[version].find((d) => d.definition.vendorProductId === s.shown[version]),
  );
  const choices = useStore(designStore, (s) =>
    draft ? s.choices[draft.definition.vendorProductId] : undefined,
  );
  const showMatrix = useStore(designStore, (s) => s.showMatrix);
  const keys = useMemo<CanvasKey[]>(() => {
    if (!draft) return [];
    const layouts = draft.definition.layouts;
    return visibleKeys(layouts, choices ?? (layouts.labels ?? []).map(() => 0)).map((key) => {
      const encoder = key.ei !== undefined;
      const position = key.row >= 0 && key.col >= 0 ? `${key.row},${key.col}` : '';
      return {
        shape: key,
        color: key.color as CanvasKey['color'],
        label: showMatrix ? position : encoder ? `E${key.ei}` : '',
        encoder,
        ariaLabel: encoder
          ? t('encoderKeyAt', { encoder: key.ei, row: key.row, col: key.col })
          : t('keyAt', { row: key.row, col: key.col }),
      };
    });
  }, [draft, choices, showMatrix, t]);
  if (!draft) return null;
  return (
    <KeyboardView
      keys={keys}
      selected={NONE}
      ariaLabel={t('keyboardLabel', { name: definitionName(draft.definition) })}
    />
  );
}
