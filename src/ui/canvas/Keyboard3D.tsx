import { Canvas, type ThreeEvent } from '@react-three/fiber';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { CanvasTexture, SRGBColorSpace } from 'three';
import { boundingBox, keyGeometry, UNITS } from '../../definitions/geometry.ts';
import { KeyboardCanvas, type KeyboardCanvasProps } from './KeyboardCanvas.tsx';
import type { CanvasKey } from '../common/canvasKey.ts';
import './keyboard3d.css';

/** Spec rendering constants (core.md §9): 500 px tall, camera zoom 4.4, 512 px of texture per key unit, 2048 shadows. */
export const CANVAS_HEIGHT = 500;
export const CAMERA_ZOOM = 4.4;
export const TEXTURE_PX_PER_UNIT = 512;
export const SHADOW_MAP = 2048;
/** World units per key unit: a keycap pitch of 19.05 mm. */
const UNIT = 19.05;
const CAP_DEPTH = 8;
const GAP = 1.2;

interface Palette {
  alpha: [string, string];
  mod: [string, string];
  accent: [string, string];
  selected: string;
}

function readPalette(): Palette {
  const css = getComputedStyle(document.documentElement);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    alpha: [v('--key-alpha-bg', '#3a3a3a'), v('--key-alpha-text', '#eeeeee')],
    mod: [v('--key-mod-bg', '#2a2a2a'), v('--key-mod-text', '#eeeeee')],
    accent: [v('--key-accent-bg', '#aa6666'), v('--key-accent-text', '#ffffff')],
    selected: v('--color-accent', '#ad7070'),
  };
}

/** The keycap's top face: background and legends drawn at 512 px per key unit. */
function faceTexture(key: CanvasKey, w: number, h: number, background: string, text: string): CanvasTexture {
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(w * TEXTURE_PX_PER_UNIT));
  canvas.height = Math.max(1, Math.round(h * TEXTURE_PX_PER_UNIT));
  const g = canvas.getContext('2d')!;
  g.fillStyle = key.fill ?? background;
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.fillStyle = text;
  g.textAlign = 'center';
  g.textBaseline = 'middle';
  // Legends keep one size per kind across keys (as the 2D faces' 22/16/13 px do): a glyph, a word, longer
  // text. Wide text wraps at a space, then shrinks to fit, never squeezed sideways.
  const fontOf = (px: number) => `600 ${px}px system-ui, sans-serif`;
  const room = canvas.width * 0.86;
  let lines = key.topLabel ? [key.topLabel, key.bottomLabel ?? ''] : [key.label];
  const chars = Math.max(...lines.map((l) => [...l].length));
  let size = TEXTURE_PX_PER_UNIT * (lines.length > 1 ? 0.2 : chars <= 1 ? 0.34 : chars <= 5 ? 0.24 : 0.2);
  g.font = fontOf(size);
  if (lines.length === 1 && key.label.includes(' ') && g.measureText(key.label).width > room) {
    const at = key.label.indexOf(' ', Math.floor(key.label.length / 2) - 2);
    const cut = at > 0 ? at : key.label.indexOf(' ');
    lines = [key.label.slice(0, cut), key.label.slice(cut + 1)];
    size = TEXTURE_PX_PER_UNIT * 0.2;
  }
  const widest = () => Math.max(...lines.map((l) => g.measureText(l).width));
  g.font = fontOf(size);
  if (widest() > room) size = Math.floor((size * room) / widest());
  g.font = fontOf(size);
  lines.forEach((line, i) =>
    g.fillText(line, canvas.width / 2, canvas.height / 2 + (i - (lines.length - 1) / 2) * size * 1.3),
  );
  const texture = new CanvasTexture(canvas);
  texture.colorSpace = SRGBColorSpace;
  texture.anisotropy = 4;
  return texture;
}

interface KeyMeshProps {
  keyData: CanvasKey;
  index: number;
  center: [number, number];
  size: [number, number];
  rotation: number;
  selected: boolean;
  palette: Palette;
  onDown(index: number, event: ThreeEvent<PointerEvent>): void;
  onEnter(index: number, event: ThreeEvent<PointerEvent>): void;
}

/** One keycap: a box whose top shows the legend; hovered keys sink as if pressed, held test keys stay down. */
const KeyMesh = memo(function KeyMesh({
  keyData,
  index,
  center,
  size,
  rotation,
  selected,
  palette,
  onDown,
  onEnter,
}: KeyMeshProps) {
  const [hover, setHover] = useState(false);
  const [bg, fg] = palette[keyData.color ?? 'alpha'];
  const texture = useMemo(
    () => faceTexture(keyData, size[0] / UNIT, size[1] / UNIT, bg, fg),
    [keyData, size, bg, fg],
  );
  useEffect(() => () => texture.dispose(), [texture]);
  const down = hover || keyData.testState === 'down';
  const side = selected ? palette.selected : keyData.testState === 'up' ? palette.selected : bg;
  return (
    <mesh
      position={[center[0], -center[1], down ? CAP_DEPTH / 2 - 2 : CAP_DEPTH / 2]}
      // A cylinder stands along y: turned a quarter about x, its top cap faces the camera like a keycap's.
      rotation={keyData.encoder ? [Math.PI / 2, 0, 0] : [0, 0, (-rotation * Math.PI) / 180]}
      castShadow
      receiveShadow
      onPointerDown={(e) => onDown(index, e)}
      onPointerOver={(e) => {
        e.stopPropagation();
        setHover(true);
        onEnter(index, e);
      }}
      onPointerOut={() => setHover(false)}
    >
      {keyData.encoder ? (
        // An encoder is a knob: a cylinder standing on the plate, its legend on top.
        <cylinderGeometry
          args={[Math.min(size[0], size[1]) / 2 - 4, Math.min(size[0], size[1]) / 2 - 2, CAP_DEPTH * 1.6, 48]}
        />
      ) : (
        <boxGeometry args={[size[0], size[1], CAP_DEPTH]} />
      )}
      {keyData.encoder ? (
        <>
          {/* Cylinder groups: side, top, bottom. */}
          <meshStandardMaterial attach="material-0" color={side} metalness={0.4} roughness={0.45} />
          <meshStandardMaterial
            attach="material-1"
            map={texture}
            emissive={selected ? palette.selected : '#000000'}
            emissiveIntensity={selected ? 0.35 : 0}
          />
          <meshStandardMaterial attach="material-2" color={side} />
        </>
      ) : (
        <>
          {/* Box faces: +x, -x, +y, -y, top (+z), bottom. */}
          <meshStandardMaterial attach="material-0" color={side} />
          <meshStandardMaterial attach="material-1" color={side} />
          <meshStandardMaterial attach="material-2" color={side} />
          <meshStandardMaterial attach="material-3" color={side} />
          <meshStandardMaterial
            attach="material-4"
            map={texture}
            emissive={selected ? palette.selected : '#000000'}
            emissiveIntensity={selected ? 0.35 : 0}
          />
          <meshStandardMaterial attach="material-5" color={side} />
        </>
      )}
    </mesh>
  );
});

/**
 * The keyboard in 3D (Settings → Render Mode 3D, only offered with WebGL): keycaps with their legends on a
 * shadowed case, the same selection, multi-select and painting as the 2D canvas. The 2D canvas stays in the
 * page, visually hidden, so screen readers and keyboard navigation work exactly as in 2D.
 */
export default function Keyboard3D(props: KeyboardCanvasProps) {
  const { keys, selected, multiSelect = false, onSelect, onToggle, onPaint } = props;
  const container = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(960);
  const palette = useMemo(readPalette, []);
  const dragging = useRef(false);

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    setWidth(el.clientWidth);
    return () => observer.disconnect();
  }, []);

  const layout = useMemo(() => {
    const geometries = keys.map((k) => keyGeometry(k.shape, UNITS));
    const box = boundingBox(geometries.filter((_, i) => !keys[i]!.shape.d));
    const cx = box.x + box.w / 2;
    const cy = box.y + box.h / 2;
    return {
      box,
      caps: geometries.map((g, i) => {
        const rect = g.rects[0]!;
        return {
          index: i,
          center: [(g.center.x - cx) * UNIT, (g.center.y - cy) * UNIT] as [number, number],
          size: [rect.w * UNIT - GAP, rect.h * UNIT - GAP] as [number, number],
          rotation: g.rotation,
        };
      }),
    };
  }, [keys]);

  // Scale fits the container, at most the spec's zoom.
  const zoom = Math.min(
    CAMERA_ZOOM,
    (width - 40) / ((layout.box.w + 1) * UNIT),
    (CANVAS_HEIGHT - 40) / ((layout.box.h + 1.5) * UNIT),
  );

  const onDown = (index: number, e: ThreeEvent<PointerEvent>) => {
    e.stopPropagation();
    if (onPaint) {
      if (e.button !== 0) return;
      dragging.current = true;
      onPaint(index);
    } else if (multiSelect) {
      dragging.current = true;
      onToggle?.(index, !selected.has(index));
    } else onSelect?.(index);
  };
  const onEnter = (index: number, e: ThreeEvent<PointerEvent>) => {
    if (!dragging.current || (e.buttons & 1) === 0) return;
    if (onPaint) onPaint(index);
    else if (multiSelect && !selected.has(index)) onToggle?.(index, true);
  };

  return (
    <div
      ref={container}
      className="keyboard-3d"
      style={{ height: CANVAS_HEIGHT }}
      data-testid="keyboard-3d"
      onPointerUp={() => (dragging.current = false)}
      onPointerLeave={() => (dragging.current = false)}
    >
      <Canvas
        orthographic
        shadows
        frameloop="demand"
        camera={{ position: [0, -260, 420], zoom, up: [0, 0, 1], near: 1, far: 2000 }}
        onCreated={({ camera }) => camera.lookAt(0, 0, 0)}
        onPointerMissed={() => onSelect?.(null)}
        aria-hidden="true"
      >
        <ambientLight intensity={1.6} />
        <directionalLight
          position={[-120, -160, 380]}
          intensity={2.2}
          castShadow
          shadow-mapSize={[SHADOW_MAP, SHADOW_MAP]}
          shadow-camera-left={-260}
          shadow-camera-right={260}
          shadow-camera-top={160}
          shadow-camera-bottom={-160}
        />
        <mesh receiveShadow position={[0, 0, -3]}>
          <boxGeometry args={[(layout.box.w + 0.8) * UNIT, (layout.box.h + 0.8) * UNIT, 6]} />
          <meshStandardMaterial color={palette.mod[0]} />
        </mesh>
        {layout.caps.map((cap) =>
          keys[cap.index]!.shape.d ? null : (
            <KeyMesh
              key={cap.index}
              keyData={keys[cap.index]!}
              index={cap.index}
              center={cap.center}
              size={cap.size}
              rotation={cap.rotation}
              selected={selected.has(cap.index)}
              palette={palette}
              onDown={onDown}
              onEnter={onEnter}
            />
          ),
        )}
      </Canvas>
      <div className="visually-hidden">
        <KeyboardCanvas {...props} />
      </div>
    </div>
  );
}
