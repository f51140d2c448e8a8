import { frameFromRgba } from '../../../matrix/frames.ts';
import { decodeFrames, decodeImage } from '../../media/ffmpeg.ts';

/** An image file as one frame of the LED grid (each LED averages the pixels it covers). */
export async function importImageFrame(file: File, rows: number, cols: number): Promise<Uint8Array> {
  const { rgba, width, height } = await decodeImage(file);
  return frameFromRgba(rgba, width, height, rows, cols);
}

/** A video or GIF as frames of the LED grid at the editor's fps, at most the keyboard's frame limit. */
export async function importVideoFrames(
  file: File,
  rows: number,
  cols: number,
  fps: number,
  maxFrames: number,
): Promise<Uint8Array[]> {
  const { data, frames } = await decodeFrames(file, {
    fps,
    width: cols,
    height: rows,
    maxFrames,
    pixelFormat: 'rgb24',
  });
  const size = rows * cols * 3;
  return Array.from({ length: frames }, (_, i) => data.slice(i * size, (i + 1) * size));
}
