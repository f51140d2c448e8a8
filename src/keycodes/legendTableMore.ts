/**
 * Friendly legends of the keycodes whose names are not KC_… or QK_… (lighting, haptics, audio, mouse, swaps,
 * Bluetooth, Unicode, …), in the rows format of `legendTable.ts`. They load when a screen first shows such a key
 * (`allLegends`): the first screen's keymap and Basic keys never need them (docs/performance.md).
 */
export const MORE_ROWS = `
MS_UP|Mouse ↑|Mouse up
MS_DOWN|Mouse ↓|Mouse down
MS_LEFT|Mouse ←|Mouse left
MS_RGHT|Mouse →|Mouse right
MS_BTN1|Mouse 1|Mouse 1
MS_BTN2|Mouse 2|Mouse 2
MS_BTN3|Mouse 3|Mouse 3
MS_BTN4|Mouse 4|Mouse 4
MS_BTN5|Mouse 5|Mouse 5
MS_BTN6|Mouse 6|Mouse 6
MS_BTN7|Mouse 7|Mouse 7
MS_BTN8|Mouse 8|Mouse 8
MS_WHLU|Wheel ↑|Mouse wheel up
MS_WHLD|Wheel ↓|Mouse wheel down
MS_WHLL|Wheel ←|Mouse wheel left
MS_WHLR|Wheel →|Mouse wheel right
MS_ACL0|Accel 0|Mouse acceleration 0
MS_ACL1|Accel 1|Mouse acceleration 1
MS_ACL2|Accel 2|Mouse acceleration 2
RESET|Reset|Reset into bootloader
DEBUG|Debug|Debug mode toggle
DB_TOGG|Debug|Debug mode toggle
EE_CLR|Clear EE|Clear EEPROM
CW_TOGG|CapsWd|Caps Word toggle
VK_TOGG|Velocik|Velocikey toggle
MAGIC_TOGGLE_NKRO|NKRO|N-key rollover toggle
NK_ON|NKRO on|N-key rollover on
NK_OFF|NKRO off|N-key rollover off
NK_TOGG|NKRO|N-key rollover toggle
SC_LSPO|LS (|Left Shift, ( when tapped
SC_RSPC|RS )|Right Shift, ) when tapped
SC_SENT|RS Ent|Right Shift, Enter when tapped
SC_LCPO|LC (|Left Ctrl, ( when tapped
SC_RCPC|RC )|Right Ctrl, ) when tapped
SC_LAPO|LA (|Left Alt, ( when tapped
SC_RAPC|RA )|Right Alt, ) when tapped
FN_MO13|Fn 1 (3)|Momentary layer 1, layer 3 with both
FN_MO23|Fn 2 (3)|Momentary layer 2, layer 3 with both
TL_LOWR|Lower|Tri-layer lower
TL_UPPR|Upper|Tri-layer upper
SH_TG|Swap|Swap hands toggle
SH_TOGG|Swap|Swap hands toggle
SH_TT|Swap TT|Swap hands tap-toggle
SH_MON|Swap MO|Swap hands while held
SH_MOFF|Unswap|Unswap hands while held
SH_OFF|Swap off|Swap hands off
SH_ON|Swap on|Swap hands on
SH_OS|Swap OS|Swap hands one-shot
CL_SWAP|Caps⇄Ctrl|Swap Caps Lock and Left Ctrl
CL_NORM|Caps Ctrl|Unswap Caps Lock and Left Ctrl
CL_TOGG|Caps⇄Ctrl toggle|Toggle Caps Lock / Left Ctrl swap
CL_CAPS|Caps→Caps|Caps Lock back to Caps Lock
CL_CTRL|Caps→Ctrl|Caps Lock as Ctrl
LAG_SWP|LAlt⇄LWin|Swap Left Alt and Left Win
LAG_NRM|LAlt LWin|Unswap Left Alt and Left Win
RAG_SWP|RAlt⇄RWin|Swap Right Alt and Right Win
RAG_NRM|RAlt RWin|Unswap Right Alt and Right Win
AG_LSWP|LAlt⇄LWin|Swap Left Alt and Left Win
AG_LNRM|LAlt LWin|Unswap Left Alt and Left Win
AG_RSWP|RAlt⇄RWin|Swap Right Alt and Right Win
AG_RNRM|RAlt RWin|Unswap Right Alt and Right Win
AG_SWAP|Alt⇄Win|Swap Alt and Win
AG_NORM|Alt Win|Unswap Alt and Win
AG_TOGG|Alt⇄Win toggle|Toggle Alt / Win swap
GUI_ON|Win on|Win keys on
GUI_OFF|Win off|Win keys off
GUI_TOG|Win toggle|Toggle Win keys
GU_ON|Win on|Win keys on
GU_OFF|Win off|Win keys off
GU_TOGG|Win toggle|Toggle Win keys
GE_SWAP|\`⇄Esc|Swap \` and Escape
GE_NORM|\` Esc|Unswap \` and Escape
BS_SWAP|\\⇄Bksp|Swap \\ and Backspace
BS_NORM|\\ Bksp|Unswap \\ and Backspace
BS_TOGG|\\⇄Bksp toggle|Toggle \\ / Backspace swap
LCG_SWP|LCtl⇄LWin|Swap Left Ctrl and Left Win
LCG_NRM|LCtl LWin|Unswap Left Ctrl and Left Win
RCG_SWP|RCtl⇄RWin|Swap Right Ctrl and Right Win
RCG_NRM|RCtl RWin|Unswap Right Ctrl and Right Win
CG_LSWP|LCtl⇄LWin|Swap Left Ctrl and Left Win
CG_LNRM|LCtl LWin|Unswap Left Ctrl and Left Win
CG_RSWP|RCtl⇄RWin|Swap Right Ctrl and Right Win
CG_RNRM|RCtl RWin|Unswap Right Ctrl and Right Win
CG_SWAP|Ctl⇄Win|Swap Ctrl and Win
CG_NORM|Ctl Win|Unswap Ctrl and Win
CG_TOGG|Ctl⇄Win toggle|Toggle Ctrl / Win swap
EH_LEFT|Left half|Set this half as the left hand
EH_RGHT|Right half|Set this half as the right hand
EC_SWAP|Esc⇄Caps|Swap Escape and Caps Lock
EC_NORM|Esc Caps|Unswap Escape and Caps Lock
EC_TOGG|Esc⇄Caps toggle|Toggle Escape / Caps Lock swap
AU_ON|Audio on|Audio on
AU_OFF|Audio off|Audio off
AU_TOG|Audio|Audio toggle
AU_TOGG|Audio|Audio toggle
AU_NEXT|Voice +|Next audio voice
AU_PREV|Voice -|Previous audio voice
CLICKY_TOGGLE|Clicky|Clicky toggle
CLICKY_ENABLE|Click on|Clicky on
CLICKY_DISABLE|Click off|Clicky off
CLICKY_UP|Click +|Clicky frequency up
CLICKY_DOWN|Click -|Clicky frequency down
CLICKY_RESET|Click rst|Clicky frequency reset
CK_TOGG|Clicky|Clicky toggle
CK_ON|Click on|Clicky on
CK_OFF|Click off|Clicky off
CK_UP|Click +|Clicky frequency up
CK_DOWN|Click -|Clicky frequency down
CK_RST|Click rst|Clicky frequency reset
MU_ON|Music on|Music mode on
MU_OFF|Music off|Music mode off
MU_TOG|Music|Music mode toggle
MU_TOGG|Music|Music mode toggle
MU_MOD|Music +|Next music mode
MU_NEXT|Music +|Next music mode
AS_DOWN|AShift -|Auto Shift timeout down
AS_UP|AShift +|Auto Shift timeout up
AS_RPT|AShift ?|Report Auto Shift timeout
AS_ON|AShift on|Auto Shift on
AS_OFF|AShift off|Auto Shift off
AS_TOGG|AShift|Auto Shift toggle
OU_AUTO|Out auto|Output: automatic
OU_USB|Out USB|Output: USB
OU_BT|Out BT|Output: Bluetooth
OU_NEXT|Out +|Next output
OU_PREV|Out -|Previous output
OU_NONE|Out none|Output: none
OU_2P4G|Out 2.4G|Output: 2.4 GHz
BT_NEXT|BT +|Next Bluetooth profile
BT_PREV|BT -|Previous Bluetooth profile
BT_UNPR|BT unpair|Unpair Bluetooth profile
BT_PRF1|BT 1|Bluetooth profile 1
BT_PRF2|BT 2|Bluetooth profile 2
BT_PRF3|BT 3|Bluetooth profile 3
BT_PRF4|BT 4|Bluetooth profile 4
BT_PRF5|BT 5|Bluetooth profile 5
UC_NEXT|Unicode +|Next Unicode input mode
UC_PREV|Unicode -|Previous Unicode input mode
UC_MAC|UC macOS|Unicode input: macOS
UC_LINX|UC Linux|Unicode input: Linux
UC_WIN|UC Win|Unicode input: Windows
UC_BSD|UC BSD|Unicode input: BSD
UC_WINC|UC WinC|Unicode input: WinCompose
UC_EMAC|UC Emacs|Unicode input: Emacs
HF_ON|Haptic on|Haptic feedback on
HF_OFF|Haptic off|Haptic feedback off
HF_TOGG|Haptic|Haptic feedback toggle
HF_RST|Haptic rst|Haptic feedback reset
HF_FDBK|Haptic fb|Haptic feedback mode toggle
HF_BUZZ|Buzz|Haptic buzz toggle
HF_NEXT|Haptic +|Next haptic mode
HF_PREV|Haptic -|Previous haptic mode
HF_CONT|Haptic cont|Continuous haptic toggle
HF_CONU|Cont +|Continuous haptic up
HF_COND|Cont -|Continuous haptic down
HF_DWLU|Dwell +|Haptic dwell up
HF_DWLD|Dwell -|Haptic dwell down
CM_ON|Combo on|Combos on
CM_OFF|Combo off|Combos off
CM_TOGG|Combo|Combos toggle
DM_REC1|Rec 1|Record dynamic macro 1
DM_REC2|Rec 2|Record dynamic macro 2
DM_RSTP|Rec stop|Stop recording dynamic macro
DM_PLY1|Play 1|Play dynamic macro 1
DM_PLY2|Play 2|Play dynamic macro 2
OS_ON|OneSh on|One-shot keys on
OS_OFF|OneSh off|One-shot keys off
OS_TOGG|OneShot|One-shot keys toggle
KO_TOGG|KeyOvr|Key overrides toggle
KO_ON|KeyOvr on|Key overrides on
KO_OFF|KeyOvr off|Key overrides off
SE_LOCK|Secure lock|Secure lock
SE_UNLK|Unlock|Secure unlock
SE_TOGG|Secure toggle|Secure toggle
SE_REQ|Sec req|Secure request
DT_PRNT|Term ?|Print tapping term
DT_UP|Term +|Tapping term up
DT_DOWN|Term -|Tapping term down
AC_ON|AutoCor on|Autocorrect on
AC_OFF|AutoCor off|Autocorrect off
AC_TOGG|AutoCor|Autocorrect toggle
BL_ON|BL on|Backlight on
BL_OFF|BL off|Backlight off
BL_DEC|BL -|Backlight down
BL_INC|BL +|Backlight up
BL_DOWN|BL -|Backlight down
BL_UP|BL +|Backlight up
BL_TOGG|BL|Backlight toggle
BL_STEP|BL step|Backlight level cycle
BL_BRTG|Breath|Backlight breathing toggle
RGB_TOG|RGB|RGB toggle
RGB_MOD|Mode +|RGB next mode
RGB_RMOD|Mode -|RGB previous mode
RGB_HUI|Hue +|RGB hue up
RGB_HUD|Hue -|RGB hue down
RGB_SAI|Sat +|RGB saturation up
RGB_SAD|Sat -|RGB saturation down
RGB_VAI|Bright +|RGB brightness up
RGB_VAD|Bright -|RGB brightness down
RGB_SPI|Speed +|RGB effect speed up
RGB_SPD|Speed -|RGB effect speed down
RGB_M_P|Plain|RGB mode: plain
RGB_M_B|Breathe|RGB mode: breathing
RGB_M_R|Rainbow|RGB mode: rainbow
RGB_M_SW|Swirl|RGB mode: swirl
RGB_M_SN|Snake|RGB mode: snake
RGB_M_K|Knight|RGB mode: knight rider
RGB_M_X|Xmas|RGB mode: Christmas
RGB_M_G|Gradient|RGB mode: gradient
RGB_M_T|Test|RGB mode: test
RGB_M_TW|Twinkle|RGB mode: twinkle
UG_TOGG|UG|Underglow toggle
UG_NEXT|UG mode +|Underglow next mode
UG_PREV|UG mode -|Underglow previous mode
UG_HUEU|UG hue +|Underglow hue up
UG_HUED|UG hue -|Underglow hue down
UG_SATU|UG sat +|Underglow saturation up
UG_SATD|UG sat -|Underglow saturation down
UG_VALU|UG bri +|Underglow brightness up
UG_VALD|UG bri -|Underglow brightness down
UG_SPDU|UG spd +|Underglow speed up
UG_SPDD|UG spd -|Underglow speed down
RM_ON|RGB on|RGB matrix on
RM_OFF|RGB off|RGB matrix off
RM_TOGG|RGB|RGB matrix toggle
RM_NEXT|Mode +|RGB matrix next mode
RM_PREV|Mode -|RGB matrix previous mode
RM_HUEU|Hue +|RGB matrix hue up
RM_HUED|Hue -|RGB matrix hue down
RM_SATU|Sat +|RGB matrix saturation up
RM_SATD|Sat -|RGB matrix saturation down
RM_VALU|Bright +|RGB matrix brightness up
RM_VALD|Bright -|RGB matrix brightness down
RM_SPDU|Speed +|RGB matrix speed up
RM_SPDD|Speed -|RGB matrix speed down
LM_ON|LED on|LED matrix on
LM_OFF|LED off|LED matrix off
LM_TOGG|LED|LED matrix toggle
LM_NEXT|LED mode +|LED matrix next mode
LM_PREV|LED mode -|LED matrix previous mode
LM_BRIU|LED bri +|LED matrix brightness up
LM_BRID|LED bri -|LED matrix brightness down
LM_SPDU|LED spd +|LED matrix speed up
LM_SPDD|LED spd -|LED matrix speed down
BR_INC|Bright +|Brightness up
BR_DEC|Bright -|Brightness down
EF_INC|Effect +|Next effect
EF_DEC|Effect -|Previous effect
ES_INC|Speed +|Effect speed up
ES_DEC|Speed -|Effect speed down
H1_INC|Hue 1 +|Colour 1 hue up
H1_DEC|Hue 1 -|Colour 1 hue down
S1_INC|Sat 1 +|Colour 1 saturation up
S1_DEC|Sat 1 -|Colour 1 saturation down
H2_INC|Hue 2 +|Colour 2 hue up
H2_DEC|Hue 2 -|Colour 2 hue down
S2_INC|Sat 2 +|Colour 2 saturation up
S2_DEC|Sat 2 -|Colour 2 saturation down
`;
