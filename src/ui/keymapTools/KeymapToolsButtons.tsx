import { useTranslation } from '../../i18n/useTranslation.ts';

/** A keymap tool the entry buttons turn on or off. */
export type KeymapTool = 'overview' | 'find' | 'pressing';

/** The entry buttons: their label and the tool each turns on or off. */
const TOOLS = { allLayers: 'overview', find: 'find', pressToSelect: 'pressing' } as const;

/** All layers, Find and Select by pressing, after every family's layer buttons. */
export function KeymapToolsButtons({
  on,
  onToggle,
}: {
  on(tool: KeymapTool): boolean;
  onToggle(tool: KeymapTool): void;
}) {
  const { t } = useTranslation('layers');
  return (
    <>
      {Object.entries(TOOLS).map(([label, tool]) => (
        <button
          key={tool}
          type="button"
          aria-pressed={on(tool)}
          data-keymap-tool={tool}
          onClick={() => onToggle(tool)}
        >
          {t(label)}
        </button>
      ))}
    </>
  );
}
