import type { ExportFormat, Sheet } from './sheet.ts';

const types: Record<ExportFormat, string> = {
  csv: 'text/csv;charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The file's bytes; each writer is loaded only on the first export of its kind, never with the screens. */
export async function sheetBytes(sheet: Sheet, format: ExportFormat): Promise<BlobPart> {
  if (format === 'csv') return (await import('./csv.ts')).sheetToCsv(sheet);
  return (await import('./xlsx.ts')).sheetToXlsx(sheet) as Uint8Array<ArrayBuffer>;
}

/**
 * Saves the sheet as «<fileName>.csv|xlsx» through the browser's download, from the device's data
 * alone, so it works offline.
 */
export async function downloadSheet(sheet: Sheet, format: ExportFormat): Promise<void> {
  const blob = new Blob([await sheetBytes(sheet, format)], { type: types[format] });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${sheet.fileName}.${format}`;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the blob by the next task; a later revoke keeps Safari from cancelling it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
