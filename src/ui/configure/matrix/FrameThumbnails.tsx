import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import type { Animation } from '../../../matrix/frames.ts';

/** Thumbnail scale: 10 px per cell (extended.md §9). */
export const THUMBNAIL_CELL_PX = 10;

function Thumbnail({ frame, rows, cols }: { frame: Uint8Array; rows: number; cols: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    for (let i = 0; i < rows * cols; i++) {
      context.fillStyle = `rgb(${frame[i * 3]}, ${frame[i * 3 + 1]}, ${frame[i * 3 + 2]})`;
      context.fillRect(
        (i % cols) * THUMBNAIL_CELL_PX,
        Math.floor(i / cols) * THUMBNAIL_CELL_PX,
        THUMBNAIL_CELL_PX,
        THUMBNAIL_CELL_PX,
      );
    }
  }, [frame, rows, cols]);
  return (
    <canvas
      ref={canvas}
      width={cols * THUMBNAIL_CELL_PX}
      height={rows * THUMBNAIL_CELL_PX}
      aria-hidden="true"
    />
  );
}

/**
 * The frame strip: click (or Enter) selects a frame; dragging a frame onto another moves it there, and so does
 * Alt+Arrow for keyboard users.
 */
export function FrameThumbnails({
  animation,
  disabled,
  onSelect,
  onMove,
}: {
  animation: Animation;
  disabled: boolean;
  onSelect(index: number): void;
  onMove(to: number): void;
}) {
  const { t } = useTranslation('hardware');
  const [dropTarget, setDropTarget] = useState<number | null>(null);
  const strip = useRef<HTMLOListElement>(null);

  useEffect(() => {
    strip.current?.children[animation.index]?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [animation.index]);

  const onKey = (e: KeyboardEvent, index: number) => {
    if (disabled || !e.altKey || (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight')) return;
    e.preventDefault();
    if (index !== animation.index) onSelect(index);
    onMove(index + (e.key === 'ArrowLeft' ? -1 : 1));
  };

  return (
    <ol className="frame-strip" ref={strip} aria-label={t('matrix.frames')}>
      {animation.frames.map((frame, i) => (
        <li key={i} className={dropTarget === i ? 'drop-target' : undefined}>
          <button
            type="button"
            className="frame-thumb"
            aria-current={i === animation.index}
            aria-label={t('matrix.frameN', { n: i + 1, total: animation.frames.length })}
            disabled={disabled && i !== animation.index}
            draggable={!disabled}
            onClick={() => onSelect(i)}
            onKeyDown={(e) => onKey(e, i)}
            onDragStart={(e) => {
              onSelect(i);
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', String(i));
            }}
            onDragOver={(e) => {
              e.preventDefault();
              setDropTarget(i);
            }}
            onDragLeave={() => setDropTarget(null)}
            onDrop={(e) => {
              e.preventDefault();
              setDropTarget(null);
              onMove(i);
            }}
          >
            <Thumbnail frame={frame} rows={animation.rows} cols={animation.cols} />
            <span className="frame-number">{i + 1}</span>
          </button>
        </li>
      ))}
    </ol>
  );
}
