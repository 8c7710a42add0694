import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * "3 of 6 questions answered (50 %)" with its bar, as the execution, wrap-up and reporting tabs
 * show it: the bar is named by the sentence.
 */
export function AnswerProgress({
  answered,
  total,
  percent,
  testId,
  sx,
}: {
  answered: number;
  total: number;
  percent: number;
  testId?: string;
  sx?: SxProps<Theme>;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Box sx={sx} data-testid={testId}>
      <Typography variant="body2" id={id} gutterBottom>
        {t('execution.progress', { answered, count: total, percent })}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-labelledby={id}
        sx={{ height: 8, borderRadius: 4 }}
      />
    </Box>
  );
}
