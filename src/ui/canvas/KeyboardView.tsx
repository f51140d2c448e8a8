import { lazy, Suspense } from 'react';
import { useSettings } from '../AppContext.tsx';
import { KeyboardCanvas, type KeyboardCanvasProps } from './KeyboardCanvas.tsx';
import { detectWebgl } from '../common/environment.ts';

// three.js and its renderer load only when someone picks 3D.
const Keyboard3D = lazy(() => import('./Keyboard3D.tsx'));

/** The keyboard as Settings' Render Mode asks: 2D SVG, or 3D where WebGL exists (2D meanwhile). */
export function KeyboardView(canvas: KeyboardCanvasProps) {
  const mode = useSettings((s) => s.renderMode);
  if (mode !== '3D' || !detectWebgl()) return <KeyboardCanvas {...canvas} />;
  return (
    <Suspense fallback={<KeyboardCanvas {...canvas} />}>
      <Keyboard3D {...canvas} />
    </Suspense>
  );
}
