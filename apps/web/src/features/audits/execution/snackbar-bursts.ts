import type { TFunction } from 'i18next';

/**
 * The snackbar bursts of the shop floor: saves of findings in a row, and the uploads of an
 * offline day once the device is back online, each counted in one message (issue 34).
 */
export function findingsSavedBurst(t: TFunction) {
  return {
    key: 'findingsSaved',
    text: (count: number) => t('execution.findingsSaved', { count }),
  };
}

const PHOTO_NAME = /\.(jpe?g|png|gif|webp|bmp|heic)$/i;

/** Photos and other files are counted apart: "50 photos uploaded" is only said of photos. */
export function uploadedBurst(t: TFunction, name: string) {
  const photo = PHOTO_NAME.test(name);
  return {
    key: photo ? 'photosUploaded' : 'filesUploaded',
    text: (count: number) =>
      photo ? t('files.uploadedPhotos', { count }) : t('files.uploadedFiles', { count }),
  };
}

export function uploadsFailedBurst(t: TFunction) {
  return { key: 'uploadsFailed', text: (count: number) => t('files.uploadsFailed', { count }) };
}
