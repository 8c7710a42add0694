import { amber, teal } from '@mui/material/colors';
import { deDE, enUS } from '@mui/material/locale';
import { createTheme, type Theme } from '@mui/material/styles';
import type { Language } from '../lib/i18n/detect-language';
import { focusStyles } from './focus-styles';

/**
 * SPEC section 9: primary teal, accent amber. Teal 700 rather than 500 so white text on it
 * meets WCAG AA contrast. MUI's own texts (pagination, close buttons) follow the language.
 */
export function createAppTheme(language: Language): Theme {
  return createTheme(
    {
      palette: {
        primary: { main: teal[700] },
        secondary: { main: amber[500] },
      },
      components: {
        // A clearly visible focus ring for keyboard users on every button-like control.
        MuiButtonBase: {
          styleOverrides: {
            root: {
              '&.Mui-focusVisible': { outline: `2px solid ${amber[700]}`, outlineOffset: 2 },
            },
          },
        },
      },
    },
    focusStyles, // focus styles: the keyboard focus ring (focus-styles.ts)
    language === 'de' ? deDE : enUS,
  );
}
