import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ListDrawerProps {
  open: boolean;
  onClose: () => void;
  title: string;
  width: number;
  testId: string;
  children: ReactNode;
}

/**
 * The list's side panel (filter, sort) on the right. Temporary (modal) like the right drawer of
 * the shell: it traps focus, closes on Escape or a click outside, and gives focus back to the
 * button that opened it. Its content is mounted only while open.
 */
export function ListDrawer({ open, onClose, title, width, testId, children }: ListDrawerProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      data-testid={testId}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': titleId,
          sx: { width: { xs: '100vw', sm: width } },
        },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1 }}>
        <Typography id={titleId} component="h2" variant="h6" sx={{ flex: 1 }}>
          {title}
        </Typography>
        <IconButton aria-label={t('list.close')} onClick={onClose} edge="end">
          <CloseIcon />
        </IconButton>
      </Box>
      <Divider />
      <Box sx={{ flex: 1, overflow: 'auto', p: 2 }}>{children}</Box>
    </Drawer>
  );
}
