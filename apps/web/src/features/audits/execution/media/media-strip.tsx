import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloudUploadIcon from '@mui/icons-material/CloudUploadOutlined';
import ErrorIcon from '@mui/icons-material/ErrorOutlineOutlined';
import FileIcon from '@mui/icons-material/InsertDriveFileOutlined';
import PhotoCameraIcon from '@mui/icons-material/PhotoCameraOutlined';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DEFAULT_ATTACHMENT_EXTENSIONS } from '@qa/domain';
import { createContext, useContext, useRef } from 'react';
import type { ExecutionMedia } from '../execution-rows';
import {
  isImage,
  useFileUpload,
  useKeepShownCopy,
  useMediaUrl,
  useUploadPercent,
  type UploadState,
} from './media-files';

/**
 * The file types the picker offers (configuration `app.attachments.allowedExtensions`, given by
 * the screen); a file that slips through still gets the message.
 */
export const AllowedFileTypes = createContext<readonly string[]>(DEFAULT_ATTACHMENT_EXTENSIONS);

export interface MediaStripLabels {
  takePhoto: string;
  attachFile: string;
  /** "Open gauge.jpg (waiting for upload)", or with the percentage while it is being sent. */
  describe: (name: string, state: UploadState | null, percent: number | null) => string;
}

interface MediaStripProps {
  media: readonly ExecutionMedia[];
  labels: MediaStripLabels;
  onOpen: (index: number) => void;
  onCamera?: () => void;
  onAttach?: (files: File[]) => void;
}

/**
 * A finding's photos and files as thumbnails (each opens the viewer), with the camera and the
 * file picker next to them. Every target is 48 px or more, for a gloved finger on a tablet.
 */
export function MediaStrip({ media, labels, onOpen, onCamera, onAttach }: MediaStripProps) {
  const input = useRef<HTMLInputElement>(null);
  const allowed = useContext(AllowedFileTypes);
  if (media.length === 0 && !onCamera && !onAttach) return null;
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ flexWrap: 'wrap', alignItems: 'center', pl: 1 }}
      data-testid="exec-media"
    >
      {media.map((entry, index) => (
        <MediaThumbnail
          key={entry.id}
          media={entry}
          describe={labels.describe}
          onOpen={() => onOpen(index)}
        />
      ))}
      {onCamera && (
        <IconButton onClick={onCamera} aria-label={labels.takePhoto} data-testid="exec-camera">
          <PhotoCameraIcon />
        </IconButton>
      )}
      {onAttach && (
        <>
          <IconButton
            onClick={() => input.current?.click()}
            aria-label={labels.attachFile}
            data-testid="exec-attach"
          >
            <AttachFileIcon />
          </IconButton>
          <input
            ref={input}
            type="file"
            multiple
            accept={allowed.map((extension) => `.${extension}`).join(',')}
            hidden
            data-testid="exec-attach-input"
            onChange={(event) => {
              const files = Array.from(event.target.files ?? []);
              // The same file chosen twice in a row must fire again.
              event.target.value = '';
              if (files.length > 0) onAttach(files);
            }}
          />
        </>
      )}
    </Stack>
  );
}

function MediaThumbnail({
  media,
  describe,
  onOpen,
}: {
  media: ExecutionMedia;
  describe: MediaStripLabels['describe'];
  onOpen: () => void;
}) {
  const url = useMediaUrl(media);
  const keepCopy = useKeepShownCopy(media, url);
  const upload = useFileUpload(media.fileId);
  const state = upload?.state ?? null;
  const sending = useUploadPercent(media.fileId);
  const percent = state === 'waiting' ? sending : null;
  const image = isImage(media);
  return (
    <ButtonBase
      onClick={onOpen}
      aria-label={describe(media.name, state, percent)}
      data-testid="exec-media-thumb"
      data-upload-state={state ?? undefined}
      sx={{
        position: 'relative',
        width: 64,
        height: 64,
        borderRadius: 1,
        overflow: 'hidden',
        border: 1,
        borderColor: state === 'failed' ? 'error.main' : 'divider',
        bgcolor: 'action.hover',
      }}
    >
      {image && url ? (
        <Box
          component="img"
          src={url}
          alt=""
          onLoad={keepCopy}
          loading="lazy"
          decoding="async"
          sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
        />
      ) : (
        <Stack sx={{ alignItems: 'center', px: 0.5, minWidth: 0 }}>
          <FileIcon aria-hidden sx={{ color: 'text.secondary' }} />
          <Typography
            variant="caption"
            aria-hidden
            sx={{
              maxWidth: 56,
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
            }}
          >
            {media.name}
          </Typography>
        </Stack>
      )}
      {percent !== null && (
        <Box
          aria-hidden
          data-testid="exec-media-progress"
          sx={{
            position: 'absolute',
            inset: 0,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            bgcolor: 'rgba(255, 255, 255, 0.6)',
          }}
        >
          <CircularProgress variant="determinate" value={percent} size={40} thickness={5} />
          <Typography variant="caption" sx={{ position: 'absolute', fontWeight: 500 }}>
            {`${percent} %`}
          </Typography>
        </Box>
      )}
      {state !== null && state !== 'uploaded' && percent === null && (
        <Box
          aria-hidden
          sx={{
            position: 'absolute',
            right: 2,
            bottom: 2,
            display: 'flex',
            borderRadius: '50%',
            bgcolor: 'background.paper',
            color: state === 'failed' ? 'error.main' : 'text.secondary',
          }}
        >
          {state === 'failed' ? (
            <ErrorIcon fontSize="small" />
          ) : (
            <CloudUploadIcon fontSize="small" />
          )}
        </Box>
      )}
    </ButtonBase>
  );
}
