import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useClientConfig } from '../../lib/client-config/client-config-provider';

/** SPEC section 2: project, version and build, so support can tell which release runs. */
export function DrawerDebugFooter() {
  const { t } = useTranslation();
  const { project, version, build } = useClientConfig();
  return (
    <Box component="footer" data-testid="drawer-debug-footer" sx={{ px: 2, py: 1.5 }}>
      <Typography variant="caption" component="p" color="text.secondary">
        {t('drawer.project', { project })}
      </Typography>
      <Typography variant="caption" component="p" color="text.secondary">
        {t('drawer.version', { version })}
      </Typography>
      <Typography variant="caption" component="p" color="text.secondary">
        {t('drawer.build', { build })}
      </Typography>
    </Box>
  );
}
