import { loadProductStock } from '../../../stock/projected-stock.ts';
import { queueCreate } from '../../../sync/outbox.ts';
import { all, checkCount, checkPrice, type Check } from '../../../stock/rules.ts';
import { freshMeta, type Markdown } from './types.ts';
import { serial } from '../../../stock/serial.ts';
import { apiCall } from '../../../sync/contract.ts';

export interface MarkdownInput {
  productId: string;
  price: number;
  markdown_price: number;
  description: string;
}

/** «Уценить»: one unit taken FIFO by the server; the device checks a free unit is there. */
export function createMarkdown(input: MarkdownInput): Promise<Check> {
  return serial(async () => {
    const { free } = await loadProductStock(input.productId);
    const check = all(
      checkCount(1, { free }),
      checkPrice(input.price),
      checkPrice(input.markdown_price, 'Цена уценки'),
    );
    if (!check.ok) return check;
    const id = crypto.randomUUID();
    const body = {
      id,
      product_id: input.productId,
      description: input.description.trim(),
      price: input.price,
      markdown_price: input.markdown_price,
    };
    const row: Markdown = {
      ...body,
      lot_id: null,
      datetime: new Date().toISOString(),
      release: false,
      count: 1,
      ...freshMeta(),
    };
    await queueCreate('markdowns', row, apiCall('POST', '/markdowns/', { body }));
    return check;
  });
}
