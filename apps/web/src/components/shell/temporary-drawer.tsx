import Drawer, { type DrawerProps } from '@mui/material/Drawer';

/**
 * MUI's modal drawer, a chunk of its own (issue 40): with its modal, focus trap and slide it was
 * about a tenth of the shell's MUI code, and a first screen shows no drawer open. The left drawer
 * on a narrow screen and the right drawer load it when first opened.
 */
export function TemporaryDrawer(props: Omit<DrawerProps, 'variant'>) {
  return <Drawer variant="temporary" {...props} />;
}
