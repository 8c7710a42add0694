import { amber } from '@mui/material/colors';
import { createTheme, type Theme, type ThemeOptions } from '@mui/material/styles';
import type { Language } from '../lib/i18n/detect-language';
import { focusStyles } from './focus-styles';
import {
  accentPalette,
  DEFAULT_THEME_COLORS,
  primaryPalette,
  type ThemeColors,
} from './theme-colors';

/**
 * A finger needs 44 x 44 CSS px (WCAG 2.5.5, DESIGN section 7 "Field-grade by default"); a mouse
 * does not, so desktops keep MUI's compact sizes and only a coarse pointer (tablet, phone) gets
 * the larger targets.
 */
export const COARSE_POINTER = '@media (pointer: coarse)';
export const TOUCH_TARGET = 44;

/**
 * At least a touch target, in a coarse-pointer media query. `&&` doubles the class so it also
 * beats a component's own `sx` (e.g. `minWidth: 0` on a text button) and its size variants; it
 * only sets minimums, so a control that is larger stays as it is.
 */
const touchMinimum = (extra: Record<string, unknown> = {}) => ({
  [COARSE_POINTER]: { '&&': { minWidth: TOUCH_TARGET, minHeight: TOUCH_TARGET, ...extra } },
});

/** The operating system's "reduce motion" setting (WCAG 2.3.3). */
export const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * With reduced motion, dialogs, menus and drawers appear and go at once and buttons show no
 * ripple: MUI's transitions take their durations from the theme, so all of them become 0.
 */
const noMotion = {
  transitions: {
    duration: {
      shortest: 0,
      shorter: 0,
      short: 0,
      standard: 0,
      complex: 0,
      enteringScreen: 0,
      leavingScreen: 0,
    },
  },
  components: { MuiButtonBase: { defaultProps: { disableRipple: true } } },
};

/**
 * The device's own interface typeface (San Francisco on an iPad, Segoe UI on Windows, Roboto on
 * Android and ChromeOS): nothing to download on a slow link, nothing that swaps after the first
 * paint, and always there offline (decision 46).
 */
export const SYSTEM_FONTS = [
  '-apple-system',
  'BlinkMacSystemFont',
  '"Segoe UI"',
  'Roboto',
  '"Noto Sans"',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(', ');

/**
 * SPEC section 9: primary teal, accent amber, or the colours configured. Teal 700 rather than 500
 * so white text on it meets WCAG AA contrast. MUI's own texts (close buttons, the autocomplete's) follow the language.
 */
export function createAppTheme(
  language: Language,
  {
    reducedMotion = false,
    colors = DEFAULT_THEME_COLORS,
  }: { reducedMotion?: boolean; colors?: ThemeColors } = {},
): Theme {
  return createTheme(
    {
      // The configuration's colours (app segment), the primary one darkened where white text
      // on it would not meet WCAG AA.
      palette: {
        primary: primaryPalette(colors.primary),
        secondary: accentPalette(colors.accent),
      },
      typography: { fontFamily: SYSTEM_FONTS },
      components: {
        // A clearly visible focus ring for keyboard users on every button-like control.
        MuiButtonBase: {
          styleOverrides: {
            root: {
              '&.Mui-focusVisible': { outline: `2px solid ${amber[700]}`, outlineOffset: 2 },
            },
          },
        },

        // ---- Touch targets (coarse pointer only).
        MuiButton: { styleOverrides: { root: touchMinimum() } },
        MuiIconButton: { styleOverrides: { root: touchMinimum() } },
        MuiToggleButton: { styleOverrides: { root: touchMinimum() } },
        MuiFab: { styleOverrides: { root: touchMinimum() } },
        MuiCheckbox: { styleOverrides: { root: touchMinimum() } },
        MuiRadio: { styleOverrides: { root: touchMinimum() } },
        MuiPaginationItem: { styleOverrides: { root: touchMinimum() } },
        MuiTab: { styleOverrides: { root: touchMinimum() } },
        MuiMenuItem: { styleOverrides: { root: touchMinimum({ minHeight: 48 }) } },
        MuiListItemButton: { styleOverrides: { root: touchMinimum({ minHeight: 48 }) } },
        // The workflow stepper's steps are touched to pick one.
        MuiStepButton: { styleOverrides: { root: touchMinimum() } },
        MuiAutocomplete: {
          styleOverrides: {
            option: touchMinimum({ minHeight: 48 }),
            // Room for the 44 px open and clear buttons (MUI reserves 26 px for each).
            root: {
              [COARSE_POINTER]: {
                '& .MuiOutlinedInput-root': {
                  '.MuiAutocomplete-hasPopupIcon&, .MuiAutocomplete-hasClearIcon&': {
                    paddingRight: 9 + TOUCH_TARGET + 4,
                  },
                  '.MuiAutocomplete-hasPopupIcon.MuiAutocomplete-hasClearIcon&': {
                    paddingRight: 9 + 2 * TOUCH_TARGET + 4,
                  },
                },
              },
            },
          },
        },
        // The switch's thumb button grows to 44 px; its track and root grow with it.
        MuiSwitch: {
          styleOverrides: {
            root: { [COARSE_POINTER]: { width: 64, height: TOUCH_TARGET, padding: 15 } },
            switchBase: { [COARSE_POINTER]: { padding: 12 } },
          },
        },
        // Only clickable or deletable chips are controls; a plain chip is a label.
        MuiChip: {
          styleOverrides: {
            root: {
              [COARSE_POINTER]: {
                '&&.MuiChip-clickable, &&.MuiChip-deletable': {
                  height: 'auto',
                  minHeight: TOUCH_TARGET,
                  borderRadius: TOUCH_TARGET / 2,
                },
              },
            },
            deleteIcon: { [COARSE_POINTER]: { '&&': { fontSize: 26, margin: '0 8px 0 -4px' } } },
          },
        },
        // Text fields, selects and date fields: the whole box is the target (a touch anywhere
        // in it focuses the input). A small outlined field grows from 40 to 44 px with its
        // label still centred.
        MuiInputBase: {
          styleOverrides: { root: { [COARSE_POINTER]: { '&&': { minHeight: TOUCH_TARGET } } } },
        },
        MuiOutlinedInput: {
          styleOverrides: {
            root: {
              [COARSE_POINTER]: {
                '&.MuiInputBase-sizeSmall:not(.MuiInputBase-multiline) > .MuiOutlinedInput-input': {
                  paddingTop: 10.5,
                  paddingBottom: 10.5,
                },
              },
            },
          },
        },
        MuiInputLabel: {
          styleOverrides: {
            root: {
              [COARSE_POINTER]: {
                '&.MuiInputLabel-outlined.MuiInputLabel-sizeSmall:not(.MuiInputLabel-shrink)': {
                  transform: 'translate(14px, 11px) scale(1)',
                },
              },
            },
          },
        },
        // A link is as tall as a target, its text centred; inline in a sentence it stays
        // inline but gains the height.
        MuiLink: {
          styleOverrides: {
            root: touchMinimum({ display: 'inline-flex', alignItems: 'center' }),
          },
        },
      },
    },
    focusStyles, // focus styles: the keyboard focus ring (focus-styles.ts)
    reducedMotion ? noMotion : {},
    { components: MUI_TEXTS[language] },
  );
}

/**
 * The texts MUI's own controls show or announce, for the components this app uses (the alert's
 * close button, the autocomplete's buttons and messages). Not `@mui/material/locale`: its German
 * entry builds an Intl.NumberFormat when the module is evaluated, on every start, for table
 * pagination this app does not use (issue 18: a slow phone's start).
 */
const MUI_TEXTS = {
  en: {
    MuiAlert: { defaultProps: { closeText: 'Close' } },
    MuiAutocomplete: {
      defaultProps: {
        clearText: 'Clear',
        closeText: 'Close',
        loadingText: 'Loading…',
        noOptionsText: 'No options',
        openText: 'Open',
      },
    },
  },
  de: {
    MuiAlert: { defaultProps: { closeText: 'Schließen' } },
    MuiAutocomplete: {
      defaultProps: {
        clearText: 'Leeren',
        closeText: 'Schließen',
        loadingText: 'Wird geladen…',
        noOptionsText: 'Keine Optionen',
        openText: 'Öffnen',
      },
    },
  },
} satisfies Record<Language, ThemeOptions['components']>;
