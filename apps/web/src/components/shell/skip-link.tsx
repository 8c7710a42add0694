import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';

/** First stop for keyboard users: straight past the bars to the page content. */
export function SkipLink({ targetId }: { targetId: string }) {
  const { t } = useTranslation();
  return (
    <Link
      href={`#${targetId}`}
      onClick={(event) => {
        // The hash would be taken as a route change; focusing the target is all that is needed.
        event.preventDefault();
        document.getElementById(targetId)?.focus();
      }}
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: (theme) => theme.zIndex.tooltip + 2,
        bgcolor: 'background.paper',
        px: 2,
        py: 1,
        '&:focus': { top: 8 },
      }}
    >
      {t('shell.skipToContent')}
    </Link>
  );
}
