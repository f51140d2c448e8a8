export { VirtualFirmware, type EepromStorage, type FirmwareOptions } from './VirtualFirmware.ts';
export { VirtualHidDevice } from './VirtualHidDevice.ts';
export { defaultScheduler, runSoon, type Scheduler } from './scheduler.ts';
export { VirtualHid } from './VirtualHid.ts';
export { FaultInjector, type Fault } from './faults.ts';
export { DEFAULT_CONFIG, type VirtualKeyboardConfig, type CustomValueSpec } from './config.ts';
export { configFromDefinition } from './configFromDefinition.ts';
export {
  DEMO_KEYBOARDS,
  DEFAULT_DEMO_ID,
  UNKNOWN_DEMO,
  findDemo,
  findVialDemo,
  VIAL_DEMOS,
  type DemoKeyboard,
  type VialDemo,
} from './demoKeyboards.ts';
export type { VialBuildOptions } from './vial/VialModel.ts';
