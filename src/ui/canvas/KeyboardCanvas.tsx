import { Fragment, memo, useMemo, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { boundingBox, FRAME_PADDING, keyGeometry } from '../../definitions/geometry.ts';
import type { CanvasKey } from '../common/canvasKey.ts';
import { nameHasLabel } from '../common/accessibleName.ts';
import { fitLabel, fitLines, FONT_SMALL, LABEL_INSET, LABEL_TOOLTIP_THRESHOLD } from './labelFit.ts';
import { ARROW_DIRECTIONS, nearestInDirection } from './navigation.ts';

export interface KeyboardCanvasProps {
  keys: readonly CanvasKey[];
  selected: ReadonlySet<number>;
  /** On the Actuation row: pointer down toggles a key, dragging adds keys. */
  multiSelect?: boolean;
  onSelect?(index: number | null): void;
  onToggle?(index: number, selected: boolean): void;
  /** Enter or Space on the selected key (opens the keycode picker). */
  onActivate?(index: number): void;
  /** Painting mode: pointer down paints a key, dragging with the primary button held paints more. */
  onPaint?(index: number): void;
  ariaLabel: string;
  /** A picture, not a control (print view, load preview): keys are not buttons and take no focus. */
  readOnly?: boolean;
  /** Keys marked as changed (load preview). */
  highlighted?: ReadonlySet<number>;
  /** Defaults to 'keyboard-canvas', the configurable keyboard's test id. */
  testId?: string;
}

/** Whether a '#rrggbb' paint is light or dark (relative luminance), for a legible legend on it. */
function tone(hex: string): 'light' | 'dark' {
  const n = parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 150 ? 'light' : 'dark';
}

/** The side of the square a circle holds, as a share of its diameter (1/√2). */
const INSCRIBED_SQUARE = Math.SQRT1_2;

/**
 * The 2D keyboard: SVG, one group per key (docs/adr/0002-canvas-rendering.md). Hover is pure CSS, so moving
 * the pointer never re-renders React; geometry is computed once per layout.
 */
export const KeyboardCanvas = memo(function KeyboardCanvas({
  keys,
  selected,
  multiSelect = false,
  onSelect,
  onToggle,
  onActivate,
  onPaint,
  ariaLabel,
  readOnly = false,
  highlighted,
  testId = 'keyboard-canvas',
}: KeyboardCanvasProps) {
  const shapes = useMemo(() => keys.map((k) => k.shape), [keys]);
  const layout = useMemo(() => {
    const geometries = shapes.map((s) => keyGeometry(s));
    const box = boundingBox(geometries.filter((_, i) => !shapes[i]!.d));
    return { geometries, box, width: box.w + FRAME_PADDING * 2, height: box.h + FRAME_PADDING * 2 };
  }, [shapes]);
  const dragging = useRef(false);
  const root = useRef<SVGSVGElement>(null);
  const first = [...selected][0] ?? null;
  const focusIndex = first ?? keys.findIndex((k) => !k.shape.d);

  const focusKey = (index: number) =>
    root.current?.querySelector<SVGGElement>(`[data-key-index="${index}"]`)?.focus();

  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    const direction = ARROW_DIRECTIONS[event.key];
    const current = first ?? focusIndex;
    if (direction && current >= 0) {
      event.preventDefault();
      const next = nearestInDirection(
        layout.geometries.map((g, i) => (keys[i]!.shape.d ? null : g.center)),
        current,
        direction,
      );
      if (next !== null) {
        onSelect?.(next);
        focusKey(next);
      }
    } else if ((event.key === 'Enter' || event.key === ' ') && current >= 0) {
      event.preventDefault();
      if (first === null) onSelect?.(current);
      onActivate?.(current);
    } else if (event.key === 'Escape') {
      onSelect?.(null);
    }
  };

  // A field elsewhere on the page that commits when left (a binding's number) is left here, before the
  // selection moves: the browser moves the focus only after this pointerdown, by which time the field would
  // stand for the newly selected key and write what was typed for the old one onto it.
  const leaveField = () => {
    const active = document.activeElement;
    if (active instanceof HTMLElement && !root.current?.contains(active)) active.blur();
  };

  const keyDown = (index: number) => (event: PointerEvent<SVGGElement>) => {
    event.stopPropagation();
    leaveField();
    if (onPaint) {
      // Only the primary button paints (extended.md §4).
      if (event.button !== 0) return;
      dragging.current = true;
      (event.target as Element).releasePointerCapture?.(event.pointerId);
      onPaint(index);
    } else if (multiSelect) {
      dragging.current = true;
      (event.target as Element).releasePointerCapture?.(event.pointerId);
      onToggle?.(index, !selected.has(index));
    } else {
      onSelect?.(index);
    }
  };

  const offsetX = FRAME_PADDING - layout.box.x;
  const offsetY = FRAME_PADDING - layout.box.y;

  return (
    <svg
      ref={root}
      className="keyboard-canvas"
      role="group"
      aria-label={ariaLabel}
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      width={layout.width}
      style={{ maxWidth: '100%', height: 'auto' }}
      onPointerDown={
        readOnly
          ? undefined
          : () => {
              leaveField();
              onSelect?.(null);
            }
      }
      onPointerUp={() => (dragging.current = false)}
      onPointerLeave={() => (dragging.current = false)}
      onKeyDown={readOnly ? undefined : onKeyDown}
      data-testid={testId}
      data-read-only={readOnly || undefined}
    >
      <rect
        className="keyboard-frame"
        x={FRAME_PADDING / 3}
        y={FRAME_PADDING / 3}
        width={layout.width - (FRAME_PADDING * 2) / 3}
        height={layout.height - (FRAME_PADDING * 2) / 3}
        rx={12}
      />
      <g transform={`translate(${offsetX} ${offsetY})`}>
        {keys.map((key, index) => {
          const g = layout.geometries[index]!;
          if (key.shape.d) return null;
          const isSelected = selected.has(index);
          const width = g.rects[0]!.w;
          // An encoder's legend stays inside its ring: it gets the square the ring's circle holds (a legend
          // as wide as the key crossed the ring); its two lines (the turns) stack in the middle, small.
          const ring = Math.min(width, g.rects[0]!.h) - 4;
          const main = fitLines(key.label, key.encoder ? ring * INSCRIBED_SQUARE + LABEL_INSET : width);
          const split = !!key.topLabel && !key.encoder;
          const lineSize = split ? 16 : FONT_SMALL;
          const top = fitLabel(key.topLabel ?? '', width, lineSize);
          const bottom = fitLabel(key.bottomLabel ?? '', width, lineSize);
          const lines = key.topLabel ? [top.text, bottom.text] : main.lines;
          // An encoder's two turns share one size: the smaller either needs (11 px when 13 does not fit).
          const size = key.topLabel ? Math.min(FONT_SMALL, top.fontSize, bottom.fontSize) : main.fontSize;
          // The name keeps its place first ('row 0, column 0: Escape') and ends with what the key shows when
          // that differs ('…, Esc'), so the legend a user reads is also what speech control answers to.
          const shown = lines.join(' ');
          const name = nameHasLabel(key.ariaLabel, shown) ? key.ariaLabel : `${key.ariaLabel}, ${shown}`;
          const tooltip =
            key.macroExpression ??
            (key.tooltip ||
              (key.label.length > LABEL_TOOLTIP_THRESHOLD || main.overflows ? key.label : undefined));
          const points = (poly: { x: number; y: number }[]) => poly.map((p) => `${p.x},${p.y}`).join(' ');
          return (
            <g
              key={index}
              className="key"
              data-key-index={index}
              data-color={key.color ?? 'alpha'}
              data-selected={isSelected || undefined}
              data-test-state={key.testState}
              data-fill-tone={key.fill ? tone(key.fill) : undefined}
              data-highlighted={highlighted?.has(index) || undefined}
              data-failed={key.failed || undefined}
              data-mark={key.mark}
              role={readOnly ? 'img' : 'button'}
              aria-pressed={readOnly ? undefined : isSelected}
              aria-label={name}
              tabIndex={readOnly ? undefined : index === focusIndex ? 0 : -1}
              onPointerDown={readOnly ? undefined : keyDown(index)}
              onPointerEnter={
                readOnly
                  ? undefined
                  : onPaint
                    ? (e) => dragging.current && (e.buttons & 1) === 1 && onPaint(index)
                    : multiSelect
                      ? () => dragging.current && !selected.has(index) && onToggle?.(index, true)
                      : undefined
              }
            >
              {tooltip && <title>{tooltip}</title>}
              <g className="key-cap">
                {g.polygons.map((poly, i) => (
                  <polygon
                    key={i}
                    className={key.encoder ? 'key-shape key-encoder' : 'key-shape'}
                    points={points(poly)}
                    style={key.fill ? { fill: key.fill } : undefined}
                  />
                ))}
                {key.encoder && <circle className="key-knob" cx={g.center.x} cy={g.center.y} r={ring / 2} />}
                <g transform={g.rotation ? `rotate(${g.rotation} ${g.center.x} ${g.center.y})` : undefined}>
                  {lines.map((line, i) => (
                    // A space between the lines, as between words: the key's text reads 'Caps Lock', not 'CapsLock'.
                    <Fragment key={i}>
                      {i > 0 && ' '}
                      <text
                        className="key-legend"
                        x={g.center.x}
                        y={
                          split
                            ? g.center.y + (i ? 14 : -10)
                            : g.center.y + size / 3 + (i - (lines.length - 1) / 2) * (size + 2)
                        }
                        fontSize={split ? (i ? bottom : top).fontSize : size}
                      >
                        {line}
                      </text>
                    </Fragment>
                  ))}
                </g>
              </g>
            </g>
          );
        })}
      </g>
    </svg>
  );
});
