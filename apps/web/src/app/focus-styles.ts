import { teal } from '@mui/material/colors';
import type { CSSProperties } from 'react';
import type { ThemeOptions } from '@mui/material/styles';
// Types only: lets the theme style MUI X's date fields (nothing of the pickers is bundled here).
import type {} from '@mui/x-date-pickers/themeAugmentation';

/**
 * The keyboard focus ring (DESIGN section 7: focus always visible, 3:1). Teal 900 is 9.8:1
 * against white and the light greys of the app; on coloured surfaces (the teal top bar, alerts,
 * snackbars) MUI puts a white 4 px halo under the ring, so the white band carries the contrast
 * there. 3 px wide and 2 px away from the control, so it also reads against a contained teal
 * button (the amber ring it replaces was about 2:1 against white).
 */
export const FOCUS_RING_COLOR = teal[900];

/**
 * The ring as CSS. Components read it as `theme.focusVisible` (what takes focus from script,
 * such as a page's h1, uses `'&:focus-visible': theme.focusVisible`).
 */
const focusRing = {
  outlineStyle: 'solid',
  outlineColor: FOCUS_RING_COLOR,
  outlineWidth: 3,
  outlineOffset: 2,
} satisfies CSSProperties;

/**
 * An outlined field (text field, select, autocomplete, date field) shows keyboard focus on its
 * own border, 3 px in the ring's colour (red when the field is in error, 5:1): a ring around the
 * box would cross the label sitting in the border's notch. Before, a 2 px teal border was the
 * only sign. A field with keyboard input matches `:focus-visible` on any focus, a select only
 * after a key, as a button does.
 */
function fieldFocus(notchedOutline: string) {
  return {
    [`&:has(:focus-visible) .${notchedOutline}`]: { borderWidth: 3 },
    [`&:not(.Mui-error):has(:focus-visible) .${notchedOutline}`]: {
      borderColor: FOCUS_RING_COLOR,
    },
  };
}

/**
 * Merged into the theme by `createAppTheme` (theme.ts). MUI's own `focusVisible` option puts
 * the ring on every button-like control, link, tab, menu item, switch and chip, inset where an
 * ancestor clips (tabs, menu items); fields show it on their border (above).
 */
export const focusStyles = {
  focusVisible: focusRing,
  components: {
    // The earlier amber ring (theme.ts) set `outline` here and would win over the ring above.
    MuiButtonBase: {
      styleOverrides: {
        root: { '&.Mui-focusVisible': { outline: undefined, outlineOffset: undefined } },
      },
    },
    MuiOutlinedInput: {
      styleOverrides: { root: fieldFocus('MuiOutlinedInput-notchedOutline') },
    },
    MuiPickersOutlinedInput: {
      styleOverrides: { root: fieldFocus('MuiPickersOutlinedInput-notchedOutline') },
    },
  },
} satisfies ThemeOptions;
