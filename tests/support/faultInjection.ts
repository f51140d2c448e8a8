// Unit tests inject faults into virtual keyboards synchronously: the fault injector's `inject`, `clear` and
// `alter` are installed as the app's automation gets them (VirtualHidDevice.loadFaultInjection, issue 43).
// src/virtual-keyboard/faultInjection.test.ts loads them as the page does.
import '../../src/virtual-keyboard/faultInjection.ts';
