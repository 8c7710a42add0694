import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExecutionMedia } from '../execution-rows';
import { MediaStrip, type MediaStripLabels } from './media-strip';
import { MediaViewer } from './media-viewer';

/** What the finding dialog may do with the finding's photos and files (absent: read only). */
export interface FindingMediaActions {
  labels: MediaStripLabels;
  /** The name of a person id (who captured a photo). */
  personName: (id: string) => string;
  onAttach?: (files: File[]) => void;
  onCamera?: () => void;
  /** Takes a photo or file off the finding; the viewer asks first. */
  onDelete?: (media: ExecutionMedia) => void;
}

/**
 * The finding's photos and files in its dialog (issue 34): the thumbnails of the execution row,
 * add from the camera or a file, and the viewer, which deletes after asking. The same commands
 * as the row's, so it works offline as the row does; `media` is the live list, so a photo just
 * attached or deleted shows at once.
 */
export function FindingMediaSection({
  media,
  actions,
}: {
  media: readonly ExecutionMedia[];
  actions: FindingMediaActions;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const [viewing, setViewing] = useState<number | null>(null);
  const canAdd = Boolean(actions.onAttach || actions.onCamera);
  return (
    <Box component="section" aria-labelledby={headingId} data-testid="finding-media">
      <Typography variant="subtitle2" component="h3" id={headingId} gutterBottom>
        {t('execution.dialog.media')}
      </Typography>
      {media.length === 0 && !canAdd ? (
        <Typography color="text.secondary">{t('execution.dialog.noMedia')}</Typography>
      ) : (
        <MediaStrip
          media={media}
          labels={actions.labels}
          onOpen={setViewing}
          onCamera={actions.onCamera}
          onAttach={actions.onAttach}
        />
      )}
      {viewing !== null && media.length > 0 && (
        <MediaViewer
          media={media}
          initialIndex={Math.min(viewing, media.length - 1)}
          personName={actions.personName}
          onClose={() => setViewing(null)}
          onDelete={actions.onDelete}
        />
      )}
    </Box>
  );
}
