/*
 * A table file the seller picked (CSV or XLSX) as rows of text. The readers (and fflate for XLSX)
 * are loaded on the first import, never with the screens.
 */

const isZip = (b: Uint8Array) => b[0] === 0x50 && b[1] === 0x4b;

export async function readTableFile(file: Blob & { name?: string }): Promise<string[][]> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (isZip(bytes)) return (await import('./xlsx-read.ts')).readXlsx(bytes);
  if (/\.xls$/i.test(file.name ?? '') || (bytes[0] === 0xd0 && bytes[1] === 0xcf))
    throw new Error('Старый формат Excel (XLS) не поддерживается: сохраните файл как «Книга Excel (XLSX)» или CSV');
  const { decodeText, parseCsv } = await import('./csv-parse.ts');
  return parseCsv(decodeText(bytes));
}
