import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { definitionName } from '../../../definitions/definitionName.ts';
import type { KeyboardState } from '../../../services/keyboardLoader.ts';
import { useAppStores, useDevices } from '../../AppContext.tsx';
import { KeyboardCanvas } from '../../canvas/KeyboardCanvas.tsx';
import { downloadBlob } from '../../common/download.ts';
import { readableError } from '../../common/errorText.ts';
import { useKeyboardKeys } from '../../canvas/useKeyboardKeys.ts';
import { pngFromSvg, standaloneSvg } from './layerImage.ts';

/** "Picture of layer N": the shown layer as an SVG (legends as text) or PNG file. */
export function LayerPicture({ keyboard }: { keyboard: KeyboardState }) {
  const { t } = useTranslation('sheets');
  const { errors } = useAppStores();
  const layer = useDevices((s) => s.selectedLayer);
  const drawn = useKeyboardKeys(keyboard, layer);
  const holder = useRef<HTMLDivElement>(null);
  const baseName = `${definitionName(keyboard.definition)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')}_layer_${layer}`;

  const svgText = () => {
    const svg = holder.current?.querySelector('svg');
    return svg ? { text: standaloneSvg(svg), box: svg.viewBox.baseVal } : null;
  };
  const saveSvg = () => {
    const svg = svgText();
    if (svg) downloadBlob(new Blob([svg.text], { type: 'image/svg+xml' }), `${baseName}.svg`);
  };
  const savePng = async () => {
    const svg = svgText();
    if (!svg) return;
    try {
      downloadBlob(await pngFromSvg(svg.text, svg.box.width, svg.box.height), `${baseName}.png`);
    } catch (e) {
      errors.getState().logAppError({ message: readableError(e) });
    }
  };

  return (
    <div className="row">
      <span className="row-label">{t('layerPicture', { n: layer })}</span>
      <span className="row-actions">
        <button type="button" className="btn" onClick={saveSvg}>
          {t('downloadSvg')}
        </button>
        <button type="button" className="btn" onClick={() => void savePng()}>
          {t('downloadPng')}
        </button>
      </span>
      {/* The drawing the files are made from: the layer without selection or hover, off screen. */}
      <div ref={holder} className="visually-hidden" aria-hidden>
        <KeyboardCanvas
          keys={drawn.map((d) => d.canvas)}
          selected={NONE}
          readOnly
          testId="layer-picture"
          ariaLabel={t('layerPicture', { n: layer })}
        />
      </div>
    </div>
  );
}

const NONE: ReadonlySet<number> = new Set();
