import { describe, expect, it } from 'vitest';
import { importMessages } from '../messages/imports.messages';
import { formatMessage } from '../messages/message';
import {
  attachmentContentType,
  attachmentTooLarge,
  checkAttachmentUpload,
  isFileId,
  isInlineAttachmentType,
  MAX_ATTACHMENT_BYTES,
} from './attachment-rules';

describe('attachment upload rules', () => {
  it('accepts an allowed file within the limit', () => {
    expect(checkAttachmentUpload({ name: 'photo.JPG', type: 'image/jpeg', size: 10 })).toBeNull();
    expect(
      checkAttachmentUpload({ name: 'report.pdf', type: '', size: MAX_ATTACHMENT_BYTES }),
    ).toBeNull();
  });

  it('tells the reason: missing extension, type, content type, size', () => {
    expect(checkAttachmentUpload({ name: 'report' })).toEqual({
      reason: 'extensionRequired',
      message: { key: 'attachment.extensionRequired' },
    });
    expect(checkAttachmentUpload({ name: 'run.exe' })?.reason).toBe('typeNotAllowed');
    expect(checkAttachmentUpload({ name: 'a.pdf', type: 'text/html' })?.reason).toBe(
      'mimeMismatch',
    );
    expect(checkAttachmentUpload({ name: 'a.pdf', size: MAX_ATTACHMENT_BYTES + 1 })).toEqual({
      reason: 'tooLarge',
      message: { key: 'attachment.tooLarge', params: { maxMiB: 25 } },
    });
  });

  it('takes a configured list and limit', () => {
    expect(checkAttachmentUpload({ name: 'cv.pdf' }, { allowedExtensions: ['png'] })?.reason).toBe(
      'typeNotAllowed',
    );
    expect(checkAttachmentUpload({ name: 'a.png', size: 11 }, { maxBytes: 10 })?.reason).toBe(
      'tooLarge',
    );
  });

  it('the size message reads well in both languages', () => {
    const { message } = attachmentTooLarge(5 * 1024 * 1024);
    expect(formatMessage(importMessages, message, 'en')).toBe('The file is larger than 5 MiB');
    expect(formatMessage(importMessages, message, 'de')).toBe('Die Datei ist größer als 5 MiB');
  });

  it('checks file ids: 1-128 URL- and file-name-safe characters', () => {
    expect(isFileId('0b9e7c4e-6f1c-4d7e-9c1a-2f5d8e3b1a00')).toBe(true);
    expect(isFileId('a_B-9')).toBe(true);
    expect(isFileId('x'.repeat(128))).toBe(true);
    for (const bad of ['', 'x'.repeat(129), '../etc', 'a.b', 'a b', 'ä']) {
      expect(isFileId(bad), bad).toBe(false);
    }
  });

  it('stores the content type of the extension; images inline', () => {
    expect(attachmentContentType('scan.PDF')).toBe('application/pdf');
    expect(attachmentContentType('photo.jpeg')).toBe('image/jpeg');
    expect(attachmentContentType('plan.dwg')).toBe('application/octet-stream');
    expect(attachmentContentType('noext')).toBe('application/octet-stream');
    expect(isInlineAttachmentType('image/png')).toBe(true);
    expect(isInlineAttachmentType('application/pdf')).toBe(false);
  });
});
