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

/**
 * The most pixels a picture is decoded at (4096 × 4096, 64 MB of RGBA, drawn and read back in a fraction of a
 * second): a larger one is scaled down as it is decoded. The screens and LED grids pictures end on are far
 * smaller, and the Image tool's crop works on what is decoded.
 */
export const MAX_DECODED_PIXELS = 4096 * 4096;
/**
 * Pictures claiming more pixels than this (100 megapixels, beyond the largest camera photos) are refused before
 * they are decoded: a file of a few hundred kB can claim 50,000 × 50,000, gigabytes once decoded (issue 33: no
 * small file freezes the page).
 */
export const MAX_IMAGE_PIXELS = 10_000 * 10_000;

/** A picture's size from its header: the browser reads it to load the image, and decodes pixels only to draw. */
async function imageSize(file: Blob): Promise<{ width: number; height: number }> {
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await new Promise((resolve, reject) => {
      image.onload = resolve;
      image.onerror = reject;
    });
    return { width: image.naturalWidth, height: image.naturalHeight };
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** A decoded picture, and its own size when it was decoded smaller (over MAX_DECODED_PIXELS). */
export interface DecodedImage {
  rgba: Uint8ClampedArray;
  width: number;
  height: number;
  original: { width: number; height: number };
}

/**
 * Decodes an image file to RGBA pixels (browser image decoders, off the page's thread; no ffmpeg needed): at its
 * own size up to MAX_DECODED_PIXELS, scaled down to that beyond, refused over MAX_IMAGE_PIXELS.
 */
export async function decodeImage(file: Blob): Promise<DecodedImage> {
  try {
    const original = await imageSize(file);
    const pixels = original.width * original.height;
    if (!(pixels > 0 && pixels <= MAX_IMAGE_PIXELS)) throw new Error(FAILED_TO_PROCESS);
    const scale = Math.min(1, Math.sqrt(MAX_DECODED_PIXELS / pixels));
    const bitmap =
      scale < 1
        ? await createImageBitmap(file, {
            resizeWidth: Math.max(1, Math.floor(original.width * scale)),
            resizeHeight: Math.max(1, Math.floor(original.height * scale)),
            resizeQuality: 'medium',
          })
        : await createImageBitmap(file);
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    bitmap.close();
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    return { rgba: data, width: canvas.width, height: canvas.height, original };
  } catch {
    throw new Error(FAILED_TO_PROCESS);
  }
}

/** The first picture of any media the screen tools take (images, GIFs, MP4), for previews and crop frames. */
export async function decodePreview(file: Blob): Promise<DecodedImage> {
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
      original: { width: canvas.width, height: canvas.height },
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
