import { backgroundApi, problemOf } from './api-client.ts';
import { endpoints } from './contract.ts';

/*
 * An order's shipping label, as the marketplace issued it after the order was assembled: a PDF the server keeps
 * (GET /api/v1/orders/{id}/label/, once the order's label_ready is true). The typed client sends the member's token
 * and refreshes it on a 401 like every call (./http.ts); background, so an automatic print does not spin the page.
 */

export type LabelOutcome = { ok: true; pdf: Blob } | { ok: false; error: string };

/** Downloads the label; a refusal or no network comes back as a Russian message. */
export async function downloadOrderLabel(orderId: string): Promise<LabelOutcome> {
  try {
    const { data, error, response } = await backgroundApi().GET(endpoints.orderLabel, {
      params: { path: { id: orderId } },
      parseAs: 'blob',
    });
    if (error !== undefined || !data)
      return { ok: false, error: `Этикетка не скачалась: ${problemOf(error, response.status).detail}` };
    // The PDF viewer opens it by its type: a proxy that dropped the header must not turn it into a download.
    return { ok: true, pdf: data.type === 'application/pdf' ? data : new Blob([data], { type: 'application/pdf' }) };
  } catch {
    return { ok: false, error: 'Нет связи с сервером: этикетка скачается, когда связь появится' };
  }
}
