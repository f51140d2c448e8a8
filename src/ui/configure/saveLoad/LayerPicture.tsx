import { useRef } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { definitionName } from '../../../definitions/definitionName.ts';
import type { KeyboardState } from '../../../services/keyboardLoader.ts';
import { useAppStores, useDevices, useLayerNames } from '../../AppContext.tsx';
import { KeyboardCanvas } from '../../canvas/KeyboardCanvas.tsx';
import { downloadBlob } from '../../common/download.ts';
import { readableError } from '../../common/errorText.ts';
import { useKeyboardKeys } from '../../canvas/useKeyboardKeys.ts';
import { pictureBaseName, pngFromSvg, standaloneSvg } from './layerImage.ts';

/** "Picture of layer N": the shown layer as an SVG (legends as text) or PNG file. */
export function LayerPicture({ keyboard }: { keyboard: KeyboardState }) {
  const { t } = useTranslation('sheets');
  const { errors } = useAppStores();
  const layer = useDevices((s) => s.selectedLayer);
  const layerName = useLayerNames(keyboard.definition.vendorProductId)[layer] ?? '';
  const drawn = useKeyboardKeys(keyboard, layer);
  const holder = useRef<HTMLDivElement>(null);
  const keyboardName = definitionName(keyboard.definition);
  // The files say whose keyboard and which layer they show: in the picture and in their names.
  const caption = `${keyboardName} · ${
    layerName ? t('layerHeadingNamed', { n: layer, name: layerName }) : t('layerHeading', { n: layer })
  }`;
  const baseName = pictureBaseName(keyboardName, layer, layerName);

  const svgText = () => {
    const svg = holder.current?.querySelector('svg');
    return svg ? { text: standaloneSvg(svg, caption), box: svg.viewBox.baseVal } : null;
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
