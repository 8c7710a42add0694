import CameraIcon from '@mui/icons-material/PhotoCamera';
import FlipCameraIcon from '@mui/icons-material/FlipCameraAndroid';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { PageLayout } from '../../components/pages/page-layout';
import { useSnackbar } from '../../components/snackbar/snackbar-provider';
import { useConfigSegment } from '../../lib/config/use-config-segment';
import { recordPosition, type PositionResult } from '../../lib/geolocation/record-position';
import { useDomainMessage } from '../../lib/i18n/domain-message';
import { usePerson } from '../../lib/session/session-provider';
import { useOfflineFiles } from '../../lib/sync/sync-context';
import { useCommand } from '../../lib/sync/use-command';
import { attachMedia } from './execution/media/attach-media';
import { cameraTargetOf, executionPath, photoName } from './execution/media/camera-target';

type Facing = 'environment' | 'user';
type CameraProblem = 'denied' | 'unavailable' | 'unsupported';

/** How long a photo waits for the device's position before it is kept without one. */
const POSITION_WAIT_MS = 3000;

function problemOf(error: unknown): CameraProblem {
  const name = error instanceof DOMException ? error.name : '';
  return name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'unavailable';
}

/** The torch stays off: a flash glares on metal and shocks people on a line. */
async function torchOff(track: MediaStreamTrack): Promise<void> {
  const capabilities = track.getCapabilities?.() as { torch?: boolean } | undefined;
  if (!capabilities?.torch) return;
  await track
    .applyConstraints({ advanced: [{ torch: false } as MediaTrackConstraintSet] })
    .catch(() => undefined);
}

/**
 * /camera?auditId=&itemId=&findingId= (SPEC section 2, issue 11.5): a photo from the device's
 * camera (back camera first, the front one a tap away where there are two; no flash) for the
 * finding it was opened from. The photo is downscaled, fingerprinted (SHA-256), stamped with
 * time, position and person, kept on the device and attached; then the camera returns to the
 * execution tab. Works offline: the photo is uploaded once the device is online.
 */
export function CameraPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const target = cameraTargetOf(params);
  const navigate = useNavigate();
  const person = usePerson();
  const files = useOfflineFiles();
  const runCommand = useCommand();
  const translate = useDomainMessage();
  const { show } = useSnackbar();
  const appConfig = useConfigSegment('app');
  const video = useRef<HTMLVideoElement>(null);
  const position = useRef<Promise<PositionResult> | null>(null);
  const [facing, setFacing] = useState<Facing>('environment');
  const [cameras, setCameras] = useState(0);
  const [ready, setReady] = useState(false);
  const [problem, setProblem] = useState<CameraProblem | null>(null);
  const [busy, setBusy] = useState(false);

  // The position is asked for once, when the camera opens, so the photo need not wait for it.
  useEffect(() => {
    position.current = recordPosition();
  }, []);

  useEffect(() => {
    if (!target) return;
    const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
    if (!media?.getUserMedia) {
      setProblem('unsupported');
      return;
    }
    let stream: MediaStream | null = null;
    let cancelled = false;
    setReady(false);
    media
      .getUserMedia({
        video: { facingMode: { ideal: facing }, width: { ideal: 1920 }, height: { ideal: 1080 } },
        audio: false,
      })
      .then(async (next) => {
        if (cancelled) {
          next.getTracks().forEach((track) => track.stop());
          return;
        }
        stream = next;
        setProblem(null);
        const [track] = next.getVideoTracks();
        if (track) await torchOff(track);
        const element = video.current;
        if (element) {
          element.srcObject = next;
          // Ready once a frame is there: before it, the image has no size to capture.
          const framed = new Promise<void>((resolve) => {
            if (element.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) resolve();
            else element.addEventListener('loadeddata', () => resolve(), { once: true });
          });
          await element.play().catch(() => undefined);
          await framed;
        }
        const devices = await media.enumerateDevices().catch(() => []);
        if (!cancelled) {
          setCameras(devices.filter((device) => device.kind === 'videoinput').length);
          setReady(true);
        }
      })
      .catch((error: unknown) => {
        if (!cancelled) setProblem(problemOf(error));
      });
    return () => {
      cancelled = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
    // The target's ids, not its object, decide whether the stream restarts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [facing, target?.auditId, target?.itemId, target?.findingId]);

  async function capture() {
    const element = video.current;
    if (!target || !element || !files || !person || busy) {
      console.warn('camera: nothing to capture with', { element: Boolean(element), busy });
      return;
    }
    const width = element.videoWidth;
    const height = element.videoHeight;
    if (width === 0 || height === 0) {
      console.warn('camera: the video has no frame yet');
      show({ type: 'error', message: t('camera.failed') });
      return;
    }
    setBusy(true);
    try {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      canvas.getContext('2d')?.drawImage(element, 0, 0, width, height);
      const blob = await new Promise<Blob | null>((resolve) =>
        canvas.toBlob(resolve, 'image/jpeg', 0.92),
      );
      if (!blob) throw new Error('the camera image could not be encoded');
      const takenAt = new Date();
      const located = await Promise.race([
        position.current ?? Promise.resolve(null),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), POSITION_WAIT_MS)),
      ]);
      const result = await attachMedia(
        {
          files,
          runCommand,
          personId: person.id,
          imageMaxEdge: appConfig.attachments.imageMaxEdge,
          allowedExtensions: appConfig.attachments.allowedExtensions,
        },
        target,
        {
          file: blob,
          name: photoName(takenAt),
          capturedAt: takenAt.toISOString(),
          position: located?.ok ? located.position : null,
        },
      );
      if (!result.ok) {
        console.warn('camera: the photo was refused', result.message);
        show({
          type: 'error',
          message: t('media.rejected', { name: result.name, reason: translate(result.message) }),
        });
        return;
      }
      show({ type: 'success', message: t('camera.attached', { name: result.name }) });
      void navigate(executionPath(target.auditId, target.itemId));
    } catch (error) {
      console.error('taking a photo failed', error);
      show({ type: 'error', message: t('camera.failed') });
    } finally {
      setBusy(false);
    }
  }

  if (!target) {
    return (
      <PageLayout title={t('camera.title')}>
        <Alert severity="info" data-testid="camera-no-target">
          {t('camera.noTarget')}{' '}
          <Link component={RouterLink} to="/auditmatrix">
            {t('camera.toAudits')}
          </Link>
        </Alert>
      </PageLayout>
    );
  }

  const back = executionPath(target.auditId, target.itemId);
  return (
    <PageLayout title={t('camera.title')}>
      <Stack spacing={2} sx={{ alignItems: 'stretch' }} data-testid="camera-page">
        {problem && (
          <Alert severity="warning" data-testid="camera-problem">
            {t(
              problem === 'denied'
                ? 'camera.problem.denied'
                : problem === 'unsupported'
                  ? 'camera.problem.unsupported'
                  : 'camera.problem.unavailable',
            )}
          </Alert>
        )}
        {!files && <Alert severity="warning">{t('camera.noStorage')}</Alert>}
        <Box
          sx={{
            position: 'relative',
            bgcolor: 'grey.900',
            borderRadius: 1,
            overflow: 'hidden',
            display: problem ? 'none' : 'flex',
            justifyContent: 'center',
          }}
        >
          <Box
            component="video"
            ref={video}
            muted
            playsInline
            autoPlay
            aria-label={t('camera.preview')}
            data-testid="camera-preview"
            sx={{ width: '100%', maxHeight: '65dvh', objectFit: 'contain' }}
          />
        </Box>
        {(busy || (!ready && !problem)) && (
          <LinearProgress aria-label={busy ? t('camera.saving') : t('camera.starting')} />
        )}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button
            variant="contained"
            size="large"
            startIcon={<CameraIcon />}
            disabled={!ready || busy || !files || Boolean(problem)}
            onClick={() => void capture()}
            sx={{ minHeight: 56, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
            data-testid="camera-capture"
          >
            {t('camera.capture')}
          </Button>
          {cameras > 1 && (
            <Button
              size="large"
              startIcon={<FlipCameraIcon />}
              disabled={busy}
              onClick={() =>
                setFacing((value) => (value === 'environment' ? 'user' : 'environment'))
              }
              data-testid="camera-switch"
            >
              {facing === 'environment' ? t('camera.useFront') : t('camera.useBack')}
            </Button>
          )}
          <Button size="large" component={RouterLink} to={back} data-testid="camera-cancel">
            {t('camera.cancel')}
          </Button>
        </Stack>
      </Stack>
    </PageLayout>
  );
}
