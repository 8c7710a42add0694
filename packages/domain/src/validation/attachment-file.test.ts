import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ATTACHMENT_EXTENSIONS,
  fileExtension,
  IMAGE_EXTENSIONS,
  storedFileName,
  validateAttachmentFile,
} from './attachment-file';

describe('attachment files', () => {
  it('finds the lowercase extension; hidden files and a trailing dot have none', () => {
    expect(fileExtension('Report.PDF')).toBe('pdf');
    expect(fileExtension('a.b.xlsx')).toBe('xlsx');
    expect(fileExtension('C:\\tmp\\photo.jpg')).toBe('jpg');
    expect(fileExtension('.env')).toBeNull();
    expect(fileExtension('report.')).toBeNull();
    expect(fileExtension('report')).toBeNull();
    expect(fileExtension('dir.d/report')).toBeNull();
  });

  it("requires an extension ('Filename requires extension')", () => {
    expect(validateAttachmentFile({ name: 'report' })).toEqual({
      key: 'attachment.extensionRequired',
    });
  });

  it('accepts images, doc, docx, pdf, xls, xlsx by default; not svg, not executables', () => {
    for (const extension of [
      'jpg',
      'jpeg',
      'png',
      'gif',
      'webp',
      'heic',
      'bmp',
      'doc',
      'docx',
      'pdf',
      'xls',
      'xlsx',
    ]) {
      expect(validateAttachmentFile({ name: `file.${extension}` })).toBeNull();
    }
    for (const extension of ['svg', 'exe', 'html', 'js', 'zip']) {
      expect(validateAttachmentFile({ name: `file.${extension}` })).toEqual({
        key: 'attachment.typeNotAllowed',
        params: { extension },
      });
    }
    expect(DEFAULT_ATTACHMENT_EXTENSIONS).not.toContain('svg');
  });

  it('takes a configured list instead (avatar: images only; entries may carry a dot)', () => {
    expect(validateAttachmentFile({ name: 'cv.pdf' }, IMAGE_EXTENSIONS)?.key).toBe(
      'attachment.typeNotAllowed',
    );
    expect(validateAttachmentFile({ name: 'plan.DWG' }, ['.dwg', 'pdf'])).toBeNull();
  });

  it('checks a known content type against the extension; unknown types prove nothing', () => {
    expect(validateAttachmentFile({ name: 'a.pdf', mimeType: 'application/pdf' })).toBeNull();
    expect(validateAttachmentFile({ name: 'a.jpg', mimeType: 'image/jpeg; q=1' })).toBeNull();
    expect(validateAttachmentFile({ name: 'a.heic', mimeType: '' })).toBeNull();
    expect(
      validateAttachmentFile({ name: 'a.heic', mimeType: 'application/octet-stream' }),
    ).toBeNull();
    expect(validateAttachmentFile({ name: 'a.pdf', mimeType: 'text/html' })).toEqual({
      key: 'attachment.mimeMismatch',
      params: { extension: 'pdf', mimeType: 'text/html' },
    });
    expect(validateAttachmentFile({ name: 'a.png', mimeType: 'image/svg+xml' })?.key).toBe(
      'attachment.mimeMismatch',
    );
  });

  it('stores under the name with the generated id before the extension', () => {
    expect(storedFileName('photo.jpg', 'abc123')).toBe('photo_abc123.jpg');
    expect(storedFileName('a.b.pdf', 'id')).toBe('a.b_id.pdf');
    expect(storedFileName('../../etc/passwd.pdf', 'id')).toBe('passwd_id.pdf');
    expect(storedFileName('C:\\Users\\x\\scan.png', 'id')).toBe('scan_id.png');
    expect(storedFileName('..', 'id')).toBe('file_id');
    expect(storedFileName('a\u0000b.pdf', 'i/d')).toBe('ab_id.pdf');
  });

  it('a stored name never contains a folder separator', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (name, id) => {
        expect(storedFileName(name, id)).not.toMatch(/[/\\]/);
      }),
    );
  });
});
