import type { DriveFolder, DriveWritable } from './flashDevices.ts';
import { fail, FlashSession, type FlashOptions, type FlashOutcome } from './FlashSession.ts';

/** The name the firmware is written under (any name works: the bootloader reads blocks, not names). */
export const UF2_FILE_NAME = 'FIRMWARE.UF2';
/** Bytes per write call, for progress (a multiple of the 512-byte block). */
const WRITE_CHUNK = 64 * 1024;

/** What the drive says about itself in INFO_UF2.TXT. */
export interface Uf2DriveInfo {
  text: string;
  /** `Board-ID:` (CPU-board-revision), when present. */
  boardId: string | null;
}

/** Reads INFO_UF2.TXT (either case); fails as `notUf2Drive` when the folder has none. */
export async function readUf2DriveInfo(folder: DriveFolder): Promise<Uf2DriveInfo> {
  for (const name of ['INFO_UF2.TXT', 'info_uf2.txt']) {
    const handle = await folder.getFileHandle(name).catch(() => null);
    if (!handle) continue;
    const text = await (await handle.getFile()).text();
    return { text, boardId: /^Board-ID:\s*(.+?)\s*$/m.exec(text)?.[1] ?? null };
  }
  return fail('notUf2Drive');
}

/**
 * Copies a checked UF2 file to a bootloader drive the user picked (File System Access API), as a person would
 * in a file manager (docs/flashing-protocols.md "UF2"): refuses a folder without INFO_UF2.TXT, writes the file
 * in 64 KB pieces with progress, closes it. Cancel is honoured only before the file is created: a half-copied
 * UF2 may already have been flashed in part. The board restarts by itself once it has every block; nothing can
 * be read back, so `verified` is null.
 */
export async function flashUf2Drive(
  folder: DriveFolder,
  uf2: Uint8Array,
  options: FlashOptions = {},
): Promise<FlashOutcome & { info: Uf2DriveInfo }> {
  const session = new FlashSession(options);
  let info: Uf2DriveInfo | null = null;
  const outcome = await session.run(async () => {
    info = await readUf2DriveInfo(folder);
    session.checkpoint();
    const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));
    let file: DriveWritable;
    try {
      file = await (await folder.getFileHandle(UF2_FILE_NAME, { create: true })).createWritable();
    } catch (error) {
      return fail('driveWriteFailed', { reason: reason(error) });
    }
    session.touch();
    try {
      for (let at = 0; at < uf2.length; at += WRITE_CHUNK) {
        session.progress('write', at, uf2.length);
        const piece = uf2.slice(at, at + WRITE_CHUNK);
        await file.write(piece);
        session.written += piece.length;
      }
      await file.close();
    } catch (error) {
      await file.abort?.().catch(() => undefined);
      fail('driveWriteFailed', { reason: reason(error) });
    }
    session.progress('write', uf2.length, uf2.length);
    return null;
  });
  return { ...outcome, info: info! };
}
