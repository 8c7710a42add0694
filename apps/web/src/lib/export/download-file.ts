/** Saves `bytes` as a file the browser downloads (a Blob behind an `<a download>`). */
export function downloadFile(bytes: BlobPart, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([bytes], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after the click has returned: revoke it a while later.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
