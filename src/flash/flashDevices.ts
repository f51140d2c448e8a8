/**
 * The small device surfaces the protocol clients talk to, each a subset of a browser API so the transport
 * adapter is a cast and the virtual bootloaders can stand in: WebUSB's `USBDevice` control transfers, WebHID's
 * `HIDDevice.sendReport`, a Web Serial port's streams, and the File System Access API's directory handle.
 */

/** WebUSB `USBControlTransferParameters`. */
export interface UsbControlSetup {
  requestType: 'standard' | 'class' | 'vendor';
  recipient: 'device' | 'interface' | 'endpoint' | 'other';
  request: number;
  value: number;
  index: number;
}

/** WebUSB `USBDevice`, control transfers only (DFU needs nothing else once the interface is claimed). */
export interface UsbControlDevice {
  controlTransferIn(
    setup: UsbControlSetup,
    length: number,
  ): Promise<{ status: 'ok' | 'stall' | 'babble'; data?: DataView }>;
  controlTransferOut(
    setup: UsbControlSetup,
    data?: Uint8Array<ArrayBuffer>,
  ): Promise<{ status: 'ok' | 'stall' | 'babble'; bytesWritten: number }>;
}

/** WebHID `HIDDevice.sendReport` (an output report; HalfKay takes report id 0). */
export interface HidReportDevice {
  sendReport(reportId: number, data: Uint8Array<ArrayBuffer>): Promise<void>;
}

/** A Web Serial port's byte streams, once opened. */
export interface SerialStreams {
  readable: ReadableStream<Uint8Array> | null;
  writable: WritableStream<Uint8Array> | null;
}

/** File System Access `FileSystemWritableFileStream`, the calls a firmware copy makes. */
export interface DriveWritable {
  write(data: Uint8Array<ArrayBuffer>): Promise<void>;
  close(): Promise<void>;
  abort?(reason?: unknown): Promise<void>;
}

/** File System Access `FileSystemFileHandle`. */
export interface DriveFile {
  getFile(): Promise<{ text(): Promise<string> }>;
  createWritable(): Promise<DriveWritable>;
}

/** File System Access `FileSystemDirectoryHandle`: the folder (drive) the user picked. */
export interface DriveFolder {
  readonly name: string;
  getFileHandle(name: string, options?: { create?: boolean }): Promise<DriveFile>;
}
