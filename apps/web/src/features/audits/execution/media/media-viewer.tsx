import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import GppBadIcon from '@mui/icons-material/GppBadOutlined';
import VerifiedIcon from '@mui/icons-material/VerifiedUserOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../../lib/i18n/format';
import { useLanguage } from '../../../../lib/i18n/use-language';
import { formatCoordinates, mapLink } from '../../../../lib/geolocation/record-position';
import type { ExecutionMedia } from '../execution-rows';
import { sha256Hex } from './attach-media';
import { fetchFileBlob, readFileBlob, serverFileUrl } from '../../../../lib/files/offline-files';
import { useOfflineFiles } from '../../../../lib/sync/sync-context';
import {
  isImage,
  useFileUpload,
  useKeepShownCopy,
  useMediaUrl,
  useUploadPercent,
} from './media-files';

/** Whether the bytes shown are the bytes photographed (their SHA-256 against the entry's). */
export type Verification = 'checking' | 'verified' | 'mismatch' | 'none' | 'unavailable';

/**
 * Hashes the bytes shown: the copy kept on this device when there is one (`read`; the page's
 * Content-Security-Policy lets no fetch read a blob: URL), else the server's file at `url`.
 */
export async function verifyMedia(
  source: string | (() => Promise<Blob | null>),
  expected: string | null,
): Promise<Verification> {
  if (!expected) return 'none';
  try {
    const blob = typeof source === 'string' ? await fetchFileBlob(source) : await source();
    const actual = blob ? await sha256Hex(blob) : undefined;
    if (actual === undefined) return 'unavailable';
    return actual === expected ? 'verified' : 'mismatch';
  } catch {
    return 'unavailable';
  }
}

interface MediaViewerProps {
  media: readonly ExecutionMedia[];
  initialIndex: number;
  /** The name of a person id (capturedBy). */
  personName: (id: string) => string;
  onClose: () => void;
  /** Takes the entry off the finding (asked first); absent for read-only viewers. */
  onDelete?: (media: ExecutionMedia) => void;
}

/**
 * A finding's photos and files full screen, one at a time, with previous and next (buttons,
 * arrow keys), and the evidence: when, where and by whom it was captured, and whether the bytes
 * still match the fingerprint taken on the device.
 */
export function MediaViewer({
  media,
  initialIndex,
  personName,
  onClose,
  onDelete,
}: MediaViewerProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [index, setIndex] = useState(initialIndex);
  const [confirming, setConfirming] = useState(false);
  const count = media.length;
  const current = media[Math.min(index, count - 1)];

  useEffect(() => {
    if (count === 0) onClose();
  }, [count, onClose]);
  if (!current) return null;

  const go = (step: number) => setIndex((value) => (value + step + count) % count);
  return (
    <Dialog
      open
      fullScreen
      onClose={onClose}
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        if (confirming || count < 2) return;
        if (event.key === 'ArrowRight') go(1);
        else if (event.key === 'ArrowLeft') go(-1);
      }}
      data-testid="media-viewer"
    >
      <DialogTitle
        id={titleId}
        sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1, overflowWrap: 'anywhere' }}
      >
        <Box component="span" sx={{ flex: 1, minWidth: 0 }}>
          {current.name}
          <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
            {t('media.position', { index: Math.min(index, count - 1) + 1, count })}
          </Typography>
        </Box>
        <IconButton onClick={onClose} aria-label={t('media.close')} data-testid="media-close">
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent
        dividers
        sx={{ display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'stretch' }}
      >
        <MediaView key={current.id} media={current} personName={personName} />
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {onDelete && (
          <Button
            color="error"
            startIcon={<DeleteIcon />}
            onClick={() => setConfirming(true)}
            data-testid="media-delete"
            sx={{ mr: 'auto' }}
          >
            {t('media.delete')}
          </Button>
        )}
        <Button
          startIcon={<ChevronLeftIcon />}
          disabled={count < 2}
          onClick={() => go(-1)}
          data-testid="media-previous"
        >
          {t('media.previous')}
        </Button>
        <Button
          endIcon={<ChevronRightIcon />}
          disabled={count < 2}
          onClick={() => go(1)}
          data-testid="media-next"
        >
          {t('media.next')}
        </Button>
      </DialogActions>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        aria-labelledby={`${titleId}-delete`}
      >
        <DialogTitle id={`${titleId}-delete`}>{t('media.deleteTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('media.deleteText', { name: current.name })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('media.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              setConfirming(false);
              onDelete?.(current);
            }}
            data-testid="media-delete-confirm"
          >
            {t('media.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Dialog>
  );
}

function MediaView({
  media,
  personName,
}: {
  media: ExecutionMedia;
  personName: (id: string) => string;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const url = useMediaUrl(media);
  const keepCopy = useKeepShownCopy(media, url);
  const upload = useFileUpload(media.fileId);
  const sending = useUploadPercent(media.fileId);
  const [verification, setVerification] = useState<Verification>('checking');
  const db = useOfflineFiles();
  const fileId = media.fileId;
  useEffect(() => {
    if (!url) return;
    let cancelled = false;
    // The kept copy when the page shows it; the server's file if it was pruned meanwhile.
    const kept =
      url.startsWith('blob:') && db && fileId !== null
        ? async () => (await readFileBlob(db, fileId)) ?? fetchFileBlob(serverFileUrl(fileId))
        : null;
    void verifyMedia(kept ?? url, media.sha256).then((result) => {
      if (!cancelled) setVerification(result);
    });
    return () => {
      cancelled = true;
    };
  }, [url, db, fileId, media.sha256]);

  return (
    <>
      <Box
        sx={{
          flex: 1,
          minHeight: 200,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          bgcolor: 'grey.900',
          borderRadius: 1,
        }}
      >
        {url && isImage(media) ? (
          <Box
            component="img"
            src={url}
            alt={media.name}
            onLoad={keepCopy}
            data-testid="media-image"
            sx={{ maxWidth: '100%', maxHeight: '70dvh', objectFit: 'contain' }}
          />
        ) : (
          url && (
            <Button
              variant="contained"
              href={url}
              download={media.name}
              startIcon={<DownloadIcon />}
              data-testid="media-download"
            >
              {t('media.download', { name: media.name })}
            </Button>
          )
        )}
      </Box>
      <Stack component="dl" spacing={0.5} sx={{ m: 0 }} data-testid="media-evidence">
        {media.capturedAt && (
          <Fact label={t('media.capturedAt')}>
            {formatDate(media.capturedAt, language, { dateStyle: 'medium', timeStyle: 'medium' })}
          </Fact>
        )}
        {media.capturedBy && (
          <Fact label={t('media.capturedBy')}>{personName(media.capturedBy)}</Fact>
        )}
        {media.position && (
          <Fact label={t('media.capturedWhere')}>
            {formatCoordinates(media.position)}
            {media.position.accuracy !== undefined && ` (± ${media.position.accuracy} m) `}
            <Link href={mapLink(media.position)} target="_blank" rel="noopener noreferrer">
              {t('execution.dialog.openMap')}
            </Link>
          </Fact>
        )}
        {upload && upload.state !== 'uploaded' && (
          <Fact label={t('media.upload')}>
            {upload.state === 'failed'
              ? t('media.uploadFailed')
              : sending !== null
                ? t('media.uploadSending', { percent: sending })
                : t('media.uploadWaiting')}
          </Fact>
        )}
      </Stack>
      <VerificationNote state={verification} />
    </>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Typography component="dt" variant="body2" sx={{ fontWeight: 500 }}>
        {`${label}:`}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** What each check result says; a verified or mismatching file says it as an alert. */
const VERIFICATION_TEXT: Record<Verification, string> = {
  checking: 'media.verification.checking',
  verified: 'media.verification.verified',
  mismatch: 'media.verification.mismatch',
  none: 'media.verification.none',
  unavailable: 'media.verification.unavailable',
};
const VERIFICATION_ALERT = {
  verified: { severity: 'success', icon: <VerifiedIcon /> },
  mismatch: { severity: 'error', icon: <GppBadIcon /> },
} as const;

function VerificationNote({ state }: { state: Verification }) {
  const { t } = useTranslation();
  const text = t(VERIFICATION_TEXT[state]);
  if (state === 'verified' || state === 'mismatch') {
    const { severity, icon } = VERIFICATION_ALERT[state];
    return (
      <Alert
        severity={severity}
        icon={icon}
        data-testid="media-verification"
        data-verification={state}
      >
        {text}
      </Alert>
    );
  }
  return (
    <Typography
      variant="body2"
      color="text.secondary"
      data-testid="media-verification"
      data-verification={state}
    >
      {text}
    </Typography>
  );
}
