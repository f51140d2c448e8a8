import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { Message } from '../../common/Message.tsx';
import { formatBytes } from '../../../formats/size.ts';
import { exportOptions, withinOutputLimit } from '../../../screen/screenTools.ts';
import { fitInside, moveCrop, resizeForeground, scaleRgba, type Rect } from '../../../screen/geometry.ts';
import { ANIMATIONS, encodeScreenFile, screenFileSize } from '../../../screen/screenFile.ts';
import { decodeFrames, decodePreview, paintRgba } from '../../media/ffmpeg.ts';
import { FileButton } from '../../common/FileButton.tsx';
import type { ToolProps } from './toolProps.ts';
import '../../common/onDemandParts.css';

/** Frame rate of theme animations (background and foregrounds). */
export const THEME_FPS = 12;
/** A new foreground starts at most a third of the screen wide and high. */
const FOREGROUND_SHARE = 3;
const DEFAULT_THEME_FRAMES = 40;

interface Layer {
  name: string;
  /** Decoded frames at their decoded size. */
  frames: Uint8ClampedArray[];
  width: number;
  height: number;
}

interface ForegroundItem extends Layer {
  id: number;
  rect: Rect;
}

const ANIMATION_NAMES = Object.keys(ANIMATIONS) as (keyof typeof ANIMATIONS)[];

async function decodeLayer(file: File, width: number, height: number, maxFrames: number): Promise<Layer> {
  const isStill = /^image\/(png|jpeg|bmp)$/.test(file.type) || /\.(png|jpe?g|bmp)$/i.test(file.name);
  if (isStill) {
    const image = await decodePreview(file);
    const frame = scaleRgba(
      image.rgba,
      image.width,
      image.height,
      { x: 0, y: 0, width: image.width, height: image.height },
      width,
      height,
    );
    return { name: file.name, frames: [frame], width, height };
  }
  const decoded = await decodeFrames(file, { fps: THEME_FPS, width, height, maxFrames, pixelFormat: 'rgba' });
  const size = width * height * 4;
  const frames = Array.from({ length: decoded.frames }, (_, i) =>
    Uint8ClampedArray.from(decoded.data.subarray(i * size, (i + 1) * size)),
  );
  return { name: file.name, frames, width, height };
}

/**
 * The theme tool: an animated background plus foreground overlays the user places and sizes on the screen,
 * within the keyboard's output size and foreground count.
 */
export function ThemeTool({ config, busy, onSave, onChosen }: ToolProps) {
  const { t } = useTranslation(['hardware', 'vendor']);
  const option = exportOptions(config, 'theme')[0]!;
  const screen = { width: option.owidth, height: option.oheight };
  const maxFrames = option.animFramesLimit ?? DEFAULT_THEME_FRAMES;
  const [background, setBackground] = useState<Layer | null>(null);
  const [foregrounds, setForegrounds] = useState<ForegroundItem[]>([]);
  const [animation, setAnimation] = useState<number>(ANIMATIONS.none);
  const [decoding, setDecoding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const stage = useRef<HTMLDivElement>(null);
  const backgroundCanvas = useRef<HTMLCanvasElement>(null);
  const drag = useRef<{ id: number; mode: 'move' | 'resize'; x: number; y: number } | null>(null);
  const nextId = useRef(1);

  useEffect(() => {
    if (background && backgroundCanvas.current)
      paintRgba(backgroundCanvas.current, background.frames[0]!, background.width, background.height);
  }, [background]);

  const run = async (work: () => Promise<void>) => {
    setError(null);
    setDecoding(true);
    try {
      await work();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setDecoding(false);
    }
  };

  // The limit holds in the handler too, not only on the button (issue #13): a second file picked while the
  // first decodes, or a call from elsewhere, cannot add one past it.
  const addForeground = (file: File) =>
    run(async () => {
      if (foregrounds.length >= config.maxFgFileCount)
        throw new Error(t('vendor:screen.foregroundLimit', { count: config.maxFgFileCount }));
      const preview = await decodePreview(file);
      const size = fitInside(
        preview.width,
        preview.height,
        screen.width / FOREGROUND_SHARE,
        screen.height / FOREGROUND_SHARE,
      );
      const layer = await decodeLayer(file, size.width, size.height, maxFrames);
      const offset = foregrounds.length * 12;
      setForegrounds((list) =>
        list.length >= config.maxFgFileCount
          ? list
          : [
              ...list,
              {
                ...layer,
                id: nextId.current++,
                rect: { x: offset, y: offset, width: layer.width, height: layer.height },
              },
            ],
      );
    });

  const placed = foregrounds.map((f) => ({
    dx: f.rect.x,
    dy: f.rect.y,
    dw: f.rect.width,
    dh: f.rect.height,
    frames: f.frames,
  }));
  const used = background ? screenFileSize({ ...screen, frames: background.frames, foregrounds: placed }) : 0;
  const fits = withinOutputLimit(config, used);
  const canAddForeground = foregrounds.length < config.maxFgFileCount;

  const update = (id: number, change: (rect: Rect) => Rect) =>
    setForegrounds((list) => list.map((f) => (f.id === id ? { ...f, rect: change(f.rect) } : f)));

  /** Screen pixels per pixel of the (scaled-up) stage. */
  const scale = () => screen.width / (stage.current?.getBoundingClientRect().width || screen.width);

  const onPointerDown = (e: PointerEvent, id: number, mode: 'move' | 'resize') => {
    if (busy) return;
    e.stopPropagation();
    drag.current = { id, mode, x: e.clientX, y: e.clientY };
    (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent) => {
    const d = drag.current;
    if (!d) return;
    const s = scale();
    const [dx, dy] = [(e.clientX - d.x) * s, (e.clientY - d.y) * s];
    if (d.mode === 'move') update(d.id, (r) => moveCrop(r, dx, dy, screen.width, screen.height));
    else update(d.id, (r) => resizeForeground(r, r.width + dx, screen));
    drag.current = { ...d, x: e.clientX, y: e.clientY };
  };
  const onKeyDown = (e: KeyboardEvent, id: number) => {
    const step = e.shiftKey ? 10 : 1;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    if (moves[e.key])
      update(id, (r) => moveCrop(r, moves[e.key]![0], moves[e.key]![1], screen.width, screen.height));
    else if (e.key === '+' || e.key === '=') update(id, (r) => resizeForeground(r, r.width + step, screen));
    else if (e.key === '-') update(id, (r) => resizeForeground(r, r.width - step, screen));
    else if (e.key === 'Delete' || e.key === 'Backspace')
      setForegrounds((list) => list.filter((f) => f.id !== id));
    else return;
    e.preventDefault();
  };

  const build = async () =>
    encodeScreenFile({
      type: 'theme',
      ...screen,
      frames: background!.frames,
      rate: THEME_FPS,
      swap: config.swapBit === true,
      animation,
      // Overlays are stored at their placed size.
      foregrounds: foregrounds.map((f) => ({
        dx: f.rect.x,
        dy: f.rect.y,
        dw: f.rect.width,
        dh: f.rect.height,
        frames: f.frames.map((frame) =>
          scaleRgba(
            frame,
            f.width,
            f.height,
            { x: 0, y: 0, width: f.width, height: f.height },
            f.rect.width,
            f.rect.height,
          ),
        ),
      })),
    });

  return (
    <div className="screen-tool">
      <div className="screen-toolbar">
        <FileButton
          label={t('screen.import.background')}
          accept="image/gif,video/mp4,.gif,.mp4"
          disabled={busy || decoding}
          onFiles={([file]) => {
            onChosen();
            void run(async () =>
              setBackground(await decodeLayer(file!, screen.width, screen.height, maxFrames)),
            );
          }}
        />
        <FileButton
          label={t('screen.import.foreground')}
          accept="image/gif,video/mp4,image/jpeg,image/png,image/bmp,.gif,.mp4,.jpg,.jpeg,.png,.bmp"
          disabled={busy || decoding || !canAddForeground}
          onFiles={([file]) => {
            onChosen();
            void addForeground(file!);
          }}
        />
        <label className="screen-field">
          {t('screen.foregroundAnimation')}
          <select value={animation} disabled={busy} onChange={(e) => setAnimation(Number(e.target.value))}>
            {ANIMATION_NAMES.map((name) => (
              <option key={name} value={ANIMATIONS[name]}>
                {t(`screen.animations.${name}`)}
              </option>
            ))}
          </select>
        </label>
        <span className={fits ? 'row-hint' : 'message-error'} data-testid="theme-size">
          {config.maxOutputSize < 0
            ? t('screen.sizeUsed', { used: formatBytes(used) })
            : t('screen.sizeUsedOf', { used: formatBytes(used), max: formatBytes(config.maxOutputSize) })}
        </span>
      </div>
      {decoding && <Message kind="info">{t('screen.processing')}</Message>}
      {error && <Message kind="error">{error}</Message>}
      <div
        ref={stage}
        className="theme-stage"
        style={{ aspectRatio: `${screen.width} / ${screen.height}` }}
        onPointerMove={onPointerMove}
        onPointerUp={() => (drag.current = null)}
        onPointerCancel={() => (drag.current = null)}
      >
        {background ? (
          <canvas
            ref={backgroundCanvas}
            role="img"
            aria-label={t('screen.backgroundLabel', { name: background.name })}
          />
        ) : (
          <p className="screen-empty row-hint">{t('screen.empty.theme')}</p>
        )}
        {foregrounds.map((f) => (
          <div
            key={f.id}
            className="theme-foreground"
            role="button"
            tabIndex={0}
            aria-label={t('screen.foregroundLabel', { name: f.name, ...f.rect })}
            aria-describedby="theme-help"
            style={{
              left: `${(f.rect.x / screen.width) * 100}%`,
              top: `${(f.rect.y / screen.height) * 100}%`,
              width: `${(f.rect.width / screen.width) * 100}%`,
              height: `${(f.rect.height / screen.height) * 100}%`,
            }}
            onPointerDown={(e) => onPointerDown(e, f.id, 'move')}
            onKeyDown={(e) => onKeyDown(e, f.id)}
          >
            <ForegroundPreview layer={f} />
            <span
              className="resize-handle"
              aria-hidden="true"
              onPointerDown={(e) => onPointerDown(e, f.id, 'resize')}
            />
          </div>
        ))}
      </div>
      <p id="theme-help" className="row-hint">
        {t('screen.themeHelp', { count: config.maxFgFileCount })}
      </p>
      <div className="screen-toolbar">
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy || decoding || !background || !fits}
          onClick={() => onSave(build)}
        >
          {t('screen.save')}
        </button>
      </div>
    </div>
  );
}

function ForegroundPreview({ layer }: { layer: Layer }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (canvas.current) paintRgba(canvas.current, layer.frames[0]!, layer.width, layer.height);
  }, [layer]);
  return <canvas ref={canvas} aria-hidden="true" />;
}
