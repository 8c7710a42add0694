import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import {
  Suspense,
  createContext,
  useCallback,
  useContext,
  useId,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { optionalComponent } from '../../app/chunk-load';
import { useShellSettings } from '../../lib/config/shell-settings';
import { useMountedOnce } from '../../lib/dom/use-mounted-once';

/** Loaded when the drawer is first opened (temporary-drawer.tsx). */
const TemporaryDrawer = optionalComponent(
  () => import('./temporary-drawer'),
  (m) => m.TemporaryDrawer,
  () => null,
  'the drawer',
);

interface RightDrawerContextValue {
  /** Shows `content` under `title`; replaces whatever the drawer showed before. */
  open: (title: ReactNode, content: ReactNode) => void;
  close: () => void;
}

const RightDrawerContext = createContext<RightDrawerContextValue | null>(null);

/**
 * One drawer on the right for the activity stream and the workflow stepper (SPEC section 2).
 * Temporary (modal): it traps focus while open and closes on Escape or a click outside.
 */
export function RightDrawerProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const titleId = useId();
  // SPEC section 9: 500 px (full width on phones), configuration `app.drawers.rightWidth`.
  const width = useShellSettings().rightDrawerWidth;
  const [panel, setPanel] = useState<{ title: ReactNode; content: ReactNode } | null>(null);
  const [isOpen, setOpen] = useState(false);

  const open = useCallback((title: ReactNode, content: ReactNode) => {
    setPanel({ title, content });
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  const mounted = useMountedOnce(isOpen);
  const value = useMemo(() => ({ open, close }), [open, close]);

  return (
    <RightDrawerContext.Provider value={value}>
      {children}
      {mounted && (
        <Suspense fallback={null}>
          <TemporaryDrawer
            anchor="right"
            open={isOpen}
            onClose={close}
            data-testid="right-drawer"
            slotProps={{
              paper: {
                role: 'dialog',
                'aria-labelledby': titleId,
                sx: { width: { xs: '100vw', sm: width } },
              },
              transition: { onExited: () => setPanel(null) },
            }}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1 }}>
              <Typography id={titleId} component="h2" variant="h6" sx={{ flex: 1 }}>
                {panel?.title}
              </Typography>
              <IconButton aria-label={t('common.close')} onClick={close} edge="end">
                <CloseIcon />
              </IconButton>
            </Box>
            <Divider />
            <Box sx={{ flex: 1, overflow: 'auto', p: 2 }}>{panel?.content}</Box>
          </TemporaryDrawer>
        </Suspense>
      )}
    </RightDrawerContext.Provider>
  );
}

export function useRightDrawer(): RightDrawerContextValue {
  const value = useContext(RightDrawerContext);
  if (!value) throw new Error('useRightDrawer needs a RightDrawerProvider');
  return value;
}
