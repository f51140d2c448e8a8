import { useRef } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { definitionName } from '../../../definitions/definitionName.ts';
import type { KeyboardState } from '../../../services/keyboardLoader.ts';
import { useAppStores, useDevices, useLayerNames } from '../../AppContext.tsx';
import { KeyboardCanvas } from '../../canvas/KeyboardCanvas.tsx';
import { downloadBlob } from '../../common/download.ts';
import { readableError } from '../../common/errorText.ts';
import { useKeyboardKeys } from '../../canvas/useKeyboardKeys.ts';
import type { CanvasKey } from '../../common/canvasKey.ts';
import { pictureBaseName, pngFromSvg, standaloneSvg } from './layerImage.ts';
import '../../common/onDemandParts.css';

/** "Picture of layer N" on a VIA/Vial board: the shown layer with the name the user gave it. */
export function LayerPicture({ keyboard }: { keyboard: KeyboardState }) {
  const layer = useDevices((s) => s.selectedLayer);
  const layerName = useLayerNames(keyboard.definition.vendorProductId)[layer] ?? '';
  const drawn = useKeyboardKeys(keyboard, layer);
  return (
    <LayerPictureRow
      keyboardName={definitionName(keyboard.definition)}
      layer={layer}
      layerName={layerName}
      keys={drawn.map((d) => d.canvas)}
    />
  );
}

/**
 * "Picture of layer N" for any family's keyboard: the layer's keys as drawn, as an SVG (legends as text) or PNG
 * file whose picture and name say whose keyboard and which layer.
 */
export function LayerPictureRow({
  keyboardName,
  layer,
  layerName,
  keys,
  fallback,
}: {
  keyboardName: string;
  layer: number;
  layerName: string;
  keys: readonly CanvasKey[];
  /** The file name's start for a nameless keyboard. */
  fallback?: string;
}) {
  const { t } = useTranslation('sheets');
  const { errors } = useAppStores();
  const holder = useRef<HTMLDivElement>(null);
  const caption = `${keyboardName} · ${
    layerName ? t('layerHeadingNamed', { n: layer, name: layerName }) : t('layerHeading', { n: layer })
  }`;
  const baseName = pictureBaseName(keyboardName, layer, layerName, fallback);

  const svgText = () => {
    const svg = holder.current?.querySelector('svg');
    return svg ? standaloneSvg(svg, caption) : null;
  };
  const saveSvg = () => {
    const svg = svgText();
    if (svg) downloadBlob(new Blob([svg.text], { type: 'image/svg+xml' }), `${baseName}.svg`);
  };
  const savePng = async () => {
    const svg = svgText();
    if (!svg) return;
    try {
      downloadBlob(await pngFromSvg(svg.text, svg.width, svg.height), `${baseName}.png`);
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
          keys={keys}
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
