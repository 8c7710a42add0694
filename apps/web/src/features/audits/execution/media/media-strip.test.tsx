import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { uploadProgress } from '../../../../lib/files/upload-progress';
import type { ExecutionMedia } from '../execution-rows';
import { FileUploadsContext, type FileUploads } from './media-files';
import { MediaStrip, type MediaStripLabels } from './media-strip';

const PHOTO: ExecutionMedia = {
  id: 'm1',
  fileId: 'file-1',
  url: null,
  name: 'gauge.jpg',
  contentType: 'image/jpeg',
  size: 1000,
  sha256: null,
  capturedAt: null,
  position: null,
  capturedBy: null,
};

const LABELS: MediaStripLabels = {
  takePhoto: 'Take photo',
  attachFile: 'Attach',
  describe: (name, state, percent) =>
    percent !== null ? `${name} ${percent} %` : `${name} ${state ?? 'here'}`,
};

function renderStrip(uploads: FileUploads) {
  render(
    <FileUploadsContext.Provider value={uploads}>
      <MediaStrip media={[PHOTO]} labels={LABELS} onOpen={() => undefined} />
    </FileUploadsContext.Provider>,
  );
  return screen.getByTestId('exec-media-thumb');
}

describe('media strip', () => {
  afterEach(() => {
    cleanup();
    uploadProgress.report('file-1', null);
  });

  it("shows a waiting photo's upload as it goes, in per cent, and its state once it ended", () => {
    const thumb = renderStrip(
      new Map([['file-1', { name: 'gauge.jpg', state: 'waiting', lastError: null }]]),
    );
    expect(thumb.getAttribute('aria-label')).toBe('gauge.jpg waiting');
    expect(screen.queryByTestId('exec-media-progress')).toBeNull();

    act(() => uploadProgress.report('file-1', { loaded: 450, total: 1000 }));
    expect(thumb.getAttribute('aria-label')).toBe('gauge.jpg 45 %');
    expect(screen.getByTestId('exec-media-progress').textContent).toBe('45 %');
    // Drawn for the eye; the button's name says it for the ear.
    const ring = screen.getByTestId('exec-media-progress').querySelector('[role=progressbar]');
    expect(ring?.getAttribute('aria-valuenow')).toBe('45');

    act(() => uploadProgress.report('file-1', null));
    expect(thumb.getAttribute('aria-label')).toBe('gauge.jpg waiting');
    expect(screen.queryByTestId('exec-media-progress')).toBeNull();
  });

  it('shows no percentage for a file that is already uploaded', () => {
    uploadProgress.report('file-1', { loaded: 10, total: 1000 });
    const thumb = renderStrip(
      new Map([['file-1', { name: 'gauge.jpg', state: 'uploaded', lastError: null }]]),
    );
    expect(thumb.getAttribute('aria-label')).toBe('gauge.jpg uploaded');
    expect(screen.queryByTestId('exec-media-progress')).toBeNull();
  });
});
