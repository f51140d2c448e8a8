import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { Message } from '../../common/Message.tsx';
import { exportOptions } from '../../../screen/screenTools.ts';
import { initialCrop, moveCrop, scaleRgba, type Rect } from '../../../screen/geometry.ts';
import { encodeScreenFile } from '../../../screen/screenFile.ts';
import { decodeFrames, decodePreview, paintRgba, type DecodedImage } from '../../media/ffmpeg.ts';
import { FileButton } from '../../common/FileButton.tsx';
import type { ToolProps } from './toolProps.ts';

/** Video output frame rate; the keyboard re-times frames to its display (the refps flag). */
export const VIDEO_FPS = 15;
export const DEFAULT_FRAME_LIMIT = 60;

const ACCEPT = {
  image: 'image/png,image/jpeg,image/bmp,.png,.jpg,.jpeg,.bmp',
  video: 'video/mp4,image/gif,.mp4,.gif',
};

/** The chosen file and its decoded first picture (smaller than the file's own size for a very large one). */
interface Media extends DecodedImage {
  file: File;
}

/** Image and video tools: import, show the original size, drag a crop frame of the output's ratio, save. */
export function CropTool({ kind, config, busy, onSave, onChosen }: ToolProps & { kind: 'image' | 'video' }) {
  const { t } = useTranslation('hardware');
  const options = exportOptions(config, kind);
  const [optionIndex, setOptionIndex] = useState(0);
  const option = options[optionIndex] ?? options[0]!;
  const [media, setMedia] = useState<Media | null>(null);
  const [crop, setCrop] = useState<Rect | null>(null);
  const [error, setError] = useState<string | null>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const drag = useRef<{ x: number; y: number } | null>(null);

  useEffect(() => {
    if (media && canvas.current) paintRgba(canvas.current, media.rgba, media.width, media.height);
  }, [media]);

  useEffect(() => {
    if (media) setCrop(initialCrop(media.width, media.height, option.owidth, option.oheight));
  }, [media, option.owidth, option.oheight]);

  const load = async (file: File) => {
    setError(null);
    try {
      setMedia({ file, ...(await decodePreview(file)) });
    } catch (e) {
      setMedia(null);
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  /** Media pixels per screen pixel of the preview. */
  const scale = () =>
    media && canvas.current ? media.width / canvas.current.getBoundingClientRect().width : 1;
  const move = (dx: number, dy: number) =>
    setCrop((c) => (c && media ? moveCrop(c, dx, dy, media.width, media.height) : c));

  const onPointerDown = (e: PointerEvent) => {
    if (busy) return;
    drag.current = { x: e.clientX, y: e.clientY };
    (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent) => {
    if (!drag.current) return;
    const s = scale();
    move((e.clientX - drag.current.x) * s, (e.clientY - drag.current.y) * s);
    drag.current = { x: e.clientX, y: e.clientY };
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const step = e.shiftKey ? 10 : 1;
    const delta = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[
      e.key
    ];
    if (!delta || busy) return;
    e.preventDefault();
    move(delta[0]! * Math.max(1, Math.round(scale())), delta[1]! * Math.max(1, Math.round(scale())));
  };

  const build = async (): Promise<Uint8Array> => {
    const { owidth: width, oheight: height } = option;
    const swap = config.swapBit === true;
    if (kind === 'image') {
      const frame = scaleRgba(media!.rgba, media!.width, media!.height, crop!, width, height);
      return encodeScreenFile({ type: 'image', width, height, frames: [frame], rate: 0, swap });
    }
    const decoded = await decodeFrames(media!.file, {
      fps: VIDEO_FPS,
      width,
      height,
      maxFrames: option.animFramesLimit ?? DEFAULT_FRAME_LIMIT,
      pixelFormat: 'rgba',
      crop: crop!,
    });
    const size = width * height * 4;
    const frames = Array.from({ length: decoded.frames }, (_, i) =>
      Uint8ClampedArray.from(decoded.data.subarray(i * size, (i + 1) * size)),
    );
    return encodeScreenFile({ type: 'video', width, height, frames, rate: VIDEO_FPS, swap, refps: true });
  };

  return (
    <div className="screen-tool">
      <div className="screen-toolbar">
        <FileButton
          label={t(`screen.import.${kind}`)}
          accept={ACCEPT[kind]}
          disabled={busy}
          onFiles={([file]) => {
            onChosen();
            void load(file!);
          }}
        />
        {media && (
          <span className="row-hint" data-testid="original-size">
            {t('screen.originalSize', media.original)}
          </span>
        )}
        <label className="screen-field">
          {t('screen.exportType')}
          <select
            value={optionIndex}
            disabled={busy}
            onChange={(e) => setOptionIndex(Number(e.target.value))}
          >
            {options.map((o, i) => (
              <option key={o.label} value={i}>
                {/* Said in the user's language from the option's numbers: the config's own label is English. */}
                {o.animFramesLimit
                  ? t(`screen.exportOption.${kind}`, {
                      width: o.owidth,
                      height: o.oheight,
                      count: o.animFramesLimit,
                    })
                  : `${o.owidth} × ${o.oheight}`}
              </option>
            ))}
          </select>
        </label>
      </div>
      {error && <Message kind="error">{error}</Message>}
      {media ? (
        // Previews fit 640 × 420 whatever the media's size; small pictures are enlarged.
        <div className="crop-stage" style={{ width: Math.min(640, (420 * media.width) / media.height) }}>
          <canvas ref={canvas} role="img" aria-label={media.file.name} />
          {crop && (
            <div
              className="crop-frame"
              role="button"
              tabIndex={0}
              aria-label={t('screen.cropFrame', {
                x: crop.x,
                y: crop.y,
                width: crop.width,
                height: crop.height,
              })}
              aria-describedby="crop-help"
              style={{
                left: `${(crop.x / media.width) * 100}%`,
                top: `${(crop.y / media.height) * 100}%`,
                width: `${(crop.width / media.width) * 100}%`,
                height: `${(crop.height / media.height) * 100}%`,
              }}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={() => (drag.current = null)}
              onPointerCancel={() => (drag.current = null)}
              onKeyDown={onKeyDown}
            />
          )}
          <p id="crop-help" className="visually-hidden">
            {t('screen.cropHelp')}
          </p>
        </div>
      ) : (
        <p className="screen-empty row-hint">{t(`screen.empty.${kind}`)}</p>
      )}
      <div className="screen-toolbar">
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy || !media || !crop}
          onClick={() => onSave(build)}
        >
          {t('screen.save')}
        </button>
      </div>
    </div>
  );
}
