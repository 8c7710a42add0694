import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const HEADINGS = { 2: 'h2', 3: 'h3', 4: 'h4' } as const;

interface ListGroupHeaderProps {
  title: string;
  shortTitle: string;
  count: number;
  expanded: boolean;
  /** Id of the element holding the group's rows. */
  controls: string;
  headingLevel: 2 | 3 | 4;
  onToggle: () => void;
  /** The screen's own header content; replaces title and count inside the toggle button. */
  content?: ReactNode;
}

/**
 * A group's heading: a button that shows or hides the group's rows (disclosure pattern, so
 * Enter and Space work and screen readers hear "expanded"/"collapsed").
 */
export function ListGroupHeader({
  title,
  shortTitle,
  count,
  expanded,
  controls,
  headingLevel,
  onToggle,
  content,
}: ListGroupHeaderProps) {
  const { t } = useTranslation();
  return (
    <Typography component={HEADINGS[headingLevel]} variant="subtitle1" sx={{ m: 0 }}>
      <ListItemButton
        component="button"
        aria-expanded={expanded}
        aria-controls={controls}
        onClick={onToggle}
        data-testid="list-group-header"
        sx={{ width: '100%', gap: 1, bgcolor: 'action.hover', font: 'inherit', textAlign: 'left' }}
      >
        {expanded ? <ExpandLessIcon /> : <ExpandMoreIcon />}
        {content ?? (
          <>
            <Box
              component="span"
              title={shortTitle === title ? undefined : title}
              sx={{ flex: 1, fontWeight: 500 }}
            >
              {shortTitle}
            </Box>
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {t('list.entries', { count })}
            </Box>
          </>
        )}
      </ListItemButton>
    </Typography>
  );
}
