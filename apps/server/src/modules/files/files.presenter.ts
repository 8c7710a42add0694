import type { FileRecord } from './files.repository';

/** What the API answers for an uploaded file. */
export interface FileResponse {
  id: string;
  name: string;
  contentType: string;
  size: number;
  /** Where the file is downloaded from (same origin, needs the session cookie). */
  url: string;
}

export function fileUrl(fileId: string): string {
  return `/api/v1/files/${encodeURIComponent(fileId)}`;
}

export function presentFile(file: FileRecord): FileResponse {
  return {
    id: file.id,
    name: file.name,
    contentType: file.contentType,
    size: file.size,
    url: fileUrl(file.id),
  };
}

/**
 * The Content-Disposition of a download (RFC 6266): the name as printable ASCII for old clients
 * and in full as RFC 8187 UTF-8. Quotes, backslashes and everything outside printable ASCII are
 * replaced in the fallback, so the header can never be broken out of.
 */
export function contentDisposition(name: string, inline: boolean): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${inline ? 'inline' : 'attachment'}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
