/*
 * Printing a PDF from the page: the browser's own PDF viewer prints it from a hidden frame, so the picker gets the
 * print dialog without leaving the assembly screen. Where a frame cannot print (some mobile browsers), the PDF opens
 * in a new tab to print from there.
 */

/** How long the frame and its blob URL stay: the print dialog holds the document while it is open. */
const KEEP_MS = 60_000;

export function printPdf(pdf: Blob): void {
  const url = URL.createObjectURL(pdf);
  const frame = document.createElement('iframe');
  frame.style.position = 'fixed';
  frame.style.width = '0';
  frame.style.height = '0';
  frame.style.border = '0';
  frame.style.visibility = 'hidden';
  frame.setAttribute('aria-hidden', 'true');
  frame.dataset.testid = 'label-frame';
  const cleanUp = () => {
    frame.remove();
    URL.revokeObjectURL(url);
  };
  frame.addEventListener('load', () => {
    try {
      frame.contentWindow?.focus();
      frame.contentWindow?.print();
    } catch {
      window.open(url, '_blank');
    }
    setTimeout(cleanUp, KEEP_MS);
  });
  frame.src = url;
  document.body.appendChild(frame);
}
