import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { exportOptions } from '../../../screen/screenTools.ts';
import { initialCrop, scaleRgba, sliderImages } from '../../../screen/geometry.ts';
import { encodeScreenFile, TRANSITIONS } from '../../../screen/screenFile.ts';
import { decodeImage, paintRgba } from '../../media/ffmpeg.ts';
import { FileButton } from '../../common/FileButton.tsx';
import type { ToolProps } from './toolProps.ts';

export const SLIDER_INTERVALS = [5, 10, 15, 30] as const;
const TRANSITION_NAMES = Object.keys(TRANSITIONS) as (keyof typeof TRANSITIONS)[];
/** Images a slider holds when the export option sets no limit. */
export const DEFAULT_SLIDES = 20;

/** Each picture fills the screen (cropped to its ratio, centred), like a photo frame. */
async function fill(file: File, width: number, height: number): Promise<Uint8ClampedArray> {
  const image = await decodeImage(file);
  return scaleRgba(
    image.rgba,
    image.width,
    image.height,
    initialCrop(image.width, image.height, width, height),
    width,
    height,
  );
}

/** The slider tool: a folder of images shown in turn, with an interval and a transition. */
export function SliderTool({ config, busy, onSave, onChosen }: ToolProps) {
  const { t } = useTranslation('hardware');
  const option = exportOptions(config, 'slider')[0]!;
  const limit = option.animFramesLimit ?? DEFAULT_SLIDES;
  const [images, setImages] = useState<File[]>([]);
  const [index, setIndex] = useState(0);
  const [interval, setIntervalSeconds] = useState<number>(SLIDER_INTERVALS[0]);
  const [transition, setTransition] = useState<number>(TRANSITIONS.none);
  const canvas = useRef<HTMLCanvasElement>(null);
  const current = images[index];

  useEffect(() => {
    if (!current || !canvas.current) return;
    let live = true;
    fill(current, option.owidth, option.oheight).then(
      (rgba) => live && canvas.current && paintRgba(canvas.current, rgba, option.owidth, option.oheight),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [current, option.owidth, option.oheight]);

  const build = async () => {
    const frames = [];
    for (const file of images.slice(0, limit)) frames.push(await fill(file, option.owidth, option.oheight));
    return encodeScreenFile({
      type: 'slider',
      width: option.owidth,
      height: option.oheight,
      frames,
      rate: interval,
      transition,
      swap: config.swapBit === true,
    });
  };

  return (
    <div className="screen-tool">
      <div className="screen-toolbar">
        <FileButton
          label={t('screen.import.slider')}
          accept="image/jpeg,image/png,image/bmp"
          directory
          disabled={busy}
          onFiles={(files) => {
            onChosen();
            setImages(sliderImages(files));
            setIndex(0);
          }}
        />
        <label className="screen-field">
          {t('screen.interval')}
          <select
            value={interval}
            disabled={busy}
            onChange={(e) => setIntervalSeconds(Number(e.target.value))}
          >
            {SLIDER_INTERVALS.map((s) => (
              <option key={s} value={s}>
                {t('screen.seconds', { count: s })}
              </option>
            ))}
          </select>
        </label>
        <label className="screen-field">
          {t('screen.transition')}
          <select value={transition} disabled={busy} onChange={(e) => setTransition(Number(e.target.value))}>
            {TRANSITION_NAMES.map((name) => (
              <option key={name} value={TRANSITIONS[name]}>
                {t(`screen.transitions.${name}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {current ? (
        <div className="slider-view">
          <canvas ref={canvas} className="screen-preview" role="img" aria-label={current.name} />
          <div className="slider-nav">
            <button
              type="button"
              className="btn btn-sm"
              disabled={index === 0}
              onClick={() => setIndex(index - 1)}
            >
              {t('screen.previous')}
            </button>
            <span data-testid="slide-position">
              {t('screen.imageN', { n: index + 1, total: images.length, name: current.name })}
            </span>
            <button
              type="button"
              className="btn btn-sm"
              disabled={index >= images.length - 1}
              onClick={() => setIndex(index + 1)}
            >
              {t('screen.next')}
            </button>
          </div>
          {images.length > limit && <p className="row-hint">{t('screen.sliderLimit', { limit })}</p>}
        </div>
      ) : (
        <p className="screen-empty row-hint">{t('screen.empty.slider')}</p>
      )}
      <div className="screen-toolbar">
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy || images.length === 0}
          onClick={() => onSave(build)}
        >
          {t('screen.save')}
        </button>
      </div>
    </div>
  );
}
