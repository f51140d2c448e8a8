import type { FFmpeg } from '@ffmpeg/ffmpeg';

/** The media conversion failure message (extended.md §8). */
export const FAILED_TO_PROCESS = 'Failed to process.';

let loading: Promise<FFmpeg> | null = null;

/**
 * ffmpeg.wasm, loaded on first use only (its core is ~30 MB) and served from our own assets — never a CDN.
 * One instance for the page; conversions queue inside it.
 */
export function loadFfmpeg(): Promise<FFmpeg> {
  loading ??= (async () => {
    const [{ FFmpeg }, core, wasm] = await Promise.all([
      import('@ffmpeg/ffmpeg'),
      import('@ffmpeg/core?url'),
      import('@ffmpeg/core/wasm?url'),
    ]);
    const ffmpeg = new FFmpeg();
    await ffmpeg.load({ coreURL: core.default, wasmURL: wasm.default });
    return ffmpeg;
  })().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

export interface RawFrames {
  /** Frames of width × height pixels, `bytesPerPixel` each, back to back. */
  data: Uint8Array;
  frames: number;
}

/**
 * Decodes a video or GIF into raw frames at `fps`, scaled to exactly width × height (area averaging), at most
 * `maxFrames`. `rgb24` gives 3 bytes per pixel, `rgba` 4.
 */
export async function decodeFrames(
  file: Blob,
  options: {
    fps: number;
    width: number;
    height: number;
    maxFrames: number;
    pixelFormat: 'rgb24' | 'rgba';
    /** Region of the source to keep, in source pixels, before scaling. */
    crop?: { x: number; y: number; width: number; height: number };
  },
): Promise<RawFrames> {
  try {
    const ffmpeg = await loadFfmpeg();
    const input = `input-${Date.now()}`;
    const output = `${input}.raw`;
    await ffmpeg.writeFile(input, new Uint8Array(await file.arrayBuffer()));
    const { fps, width, height, maxFrames, pixelFormat, crop } = options;
    const cropFilter = crop ? `crop=${crop.width}:${crop.height}:${crop.x}:${crop.y},` : '';
    const code = await ffmpeg.exec([
      '-i',
      input,
      '-vf',
      `fps=${fps},${cropFilter}scale=${width}:${height}:flags=area`,
      '-frames:v',
      String(maxFrames),
      '-f',
      'rawvideo',
      '-pix_fmt',
      pixelFormat,
      output,
    ]);
    if (code !== 0) throw new Error(FAILED_TO_PROCESS);
    const data = (await ffmpeg.readFile(output)) as Uint8Array;
    await Promise.all([ffmpeg.deleteFile(input), ffmpeg.deleteFile(output)]).catch(() => undefined);
    const frameSize = width * height * (pixelFormat === 'rgba' ? 4 : 3);
    const frames = Math.floor(data.length / frameSize);
    if (frames === 0) throw new Error(FAILED_TO_PROCESS);
    return { data: data.subarray(0, frames * frameSize), frames };
  } catch {
    throw new Error(FAILED_TO_PROCESS);
  }
}

/** Decodes an image file to RGBA pixels at its own size (browser image decoders, no ffmpeg needed). */
export async function decodeImage(
  file: Blob,
): Promise<{ rgba: Uint8ClampedArray; width: number; height: number }> {
  try {
    const bitmap = await createImageBitmap(file);
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    bitmap.close();
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    return { rgba: data, width: canvas.width, height: canvas.height };
  } catch {
    throw new Error(FAILED_TO_PROCESS);
  }
}

/** The first picture of any media the screen tools take (images, GIFs, MP4), for previews and crop frames. */
export async function decodePreview(
  file: Blob,
): Promise<{ rgba: Uint8ClampedArray; width: number; height: number }> {
  if (!file.type.startsWith('video/')) return decodeImage(file);
  const url = URL.createObjectURL(file);
  try {
    const video = document.createElement('video');
    video.muted = true;
    video.preload = 'auto';
    video.src = url;
    await new Promise<void>((resolve, reject) => {
      video.onloadeddata = () => resolve();
      video.onerror = () => reject(new Error(FAILED_TO_PROCESS));
    });
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    const context = canvas.getContext('2d')!;
    context.drawImage(video, 0, 0);
    return {
      rgba: context.getImageData(0, 0, canvas.width, canvas.height).data,
      width: canvas.width,
      height: canvas.height,
    };
  } catch {
    throw new Error(FAILED_TO_PROCESS);
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Draws RGBA pixels into a canvas (previews of decoded media). */
export function paintRgba(
  canvas: HTMLCanvasElement,
  rgba: Uint8ClampedArray,
  width: number,
  height: number,
): void {
  canvas.width = width;
  canvas.height = height;
  canvas.getContext('2d')?.putImageData(new ImageData(rgba.slice(), width, height), 0, 0);
}
