import { createStore, type StoreApi } from 'zustand/vanilla';
import { DEFAULT_FPS, newAnimation, nextFrame, WHITE, type Animation, type Rgb } from '../matrix/frames.ts';

/** The matrix-lighting editor's state (extended.md §3): frames, current frame, colour, fps, playback. */
export interface MatrixState {
  animation: Animation | null;
  color: Rgb;
  fps: number;
  playing: boolean;
  /** Starts a blank animation when the grid differs from the one being edited (another keyboard). */
  prepare(rows: number, cols: number): void;
  /** Applies an edit; ignored while playing (editing controls are disabled then). */
  edit(change: (a: Animation) => Animation): void;
  load(animation: Animation, fps: number): void;
  setColor(color: Rgb): void;
  setFps(fps: number): void;
  setPlaying(playing: boolean): void;
  /** One playback step. */
  step(): void;
}

export function createMatrixStore(): StoreApi<MatrixState> {
  return createStore<MatrixState>((set, get) => ({
    animation: null,
    color: WHITE,
    fps: DEFAULT_FPS,
    playing: false,
    prepare(rows, cols) {
      const a = get().animation;
      if (!a || a.rows !== rows || a.cols !== cols)
        set({ animation: newAnimation(rows, cols), playing: false });
    },
    edit(change) {
      const { animation, playing } = get();
      if (!animation || playing) return;
      const next = change(animation);
      if (next !== animation) set({ animation: next });
    },
    load(animation, fps) {
      set({ animation, fps, playing: false });
    },
    setColor: (color) => set({ color }),
    setFps: (fps) => set({ fps }),
    setPlaying: (playing) => set({ playing }),
    step() {
      const a = get().animation;
      if (a) set({ animation: nextFrame(a) });
    },
  }));
}
