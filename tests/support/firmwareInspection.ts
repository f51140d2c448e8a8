// Unit tests inspect virtual firmwares synchronously (playMacro, actuationPoint …): the inspection is installed
// at once, as the app's automation installs it with `VirtualFirmware.loadInspection()` (issue 43).
import { installInspection } from '../../src/virtual-keyboard/firmwareInspection.ts';
import { VirtualFirmware } from '../../src/virtual-keyboard/VirtualFirmware.ts';

installInspection(VirtualFirmware.prototype);
