import type { components } from '../../../../api/schema.gen.ts';

type Schemas = components['schemas'];

/** A return as sync mirrors it (server/schemas/returns.ts returnToWire). */
export type Return = Schemas['Return'];
export type ReturnStatus = NonNullable<Return['status']>;
/** What a return can be received as. */
export type Receivable = Exclude<ReturnStatus, 'deleted'>;
export type Lot = Schemas['Lot'];
export type Batch = Schemas['Batch'];
export type Markdown = Schemas['Markdown'];
export type Disposal = Schemas['Disposal'];
export type Realization = Schemas['Realization'];
export type ProductWh = Pick<Schemas['ProductWh'], 'id' | 'name' | 'images'>;
export type ProductMp = Pick<Schemas['ProductMp'], 'id' | 'offer_id' | 'primary_image' | 'name'> & {
  product_wh_id: string | null;
};

/** A row of /returns: the return with what the screen shows of its product. */
export interface ReturnLine extends Return {
  /** The warehouse product's name, or the marketplace's for a return not linked to one. */
  title: string;
  image: string | null;
  /** False: imported from a marketplace and not linked to a warehouse product (cannot be received). */
  linked: boolean;
  /** When it came back (the marketplace's date, or when it was entered here). */
  date: string;
  /** The receipt date of a processed return (its document's date). */
  received_at: string | null;
  /** The sale its marketplace order made (realization_id), as the device holds it; null: none named. */
  sale: ReturnSale | null;
}

/**
 * The sale a return's order made (docs/rules.md «Заказы маркетплейсов»): the order stays sold, the return
 * comes in on its own. `loaded` false: the return names it but the device has not synced that sale yet.
 */
export type ReturnSale =
  | {
      loaded: true;
      id: string;
      product_id: string;
      posting_number: string;
      /** When it was sold: the order's handover. */
      date: string;
      count: number;
      realization_price: number;
    }
  | { loaded: false; id: string; product_id: string | null; posting_number: string };

export const receivable: readonly Receivable[] = ['ready', 'markdown', 'disposal'];
export const isReceivable = (status: Return['status']): status is Receivable =>
  status === 'ready' || status === 'markdown' || status === 'disposal';

/** The status selector's choices (docs/rules.md «Возвраты»); '' is «нет». */
export const statusLabels: Record<Receivable, string> = {
  ready: 'Готов к продаже',
  markdown: 'Уценка',
  disposal: 'Списание',
};

/** What a processed return became, by its status: a return is masculine («возврат … оприходован»). */
export const outcomeVerbs: Record<Receivable, string> = {
  ready: 'Оприходован в продажу',
  markdown: 'Уценён',
  disposal: 'Списан',
};

/**
 * The prices a status needs (docs/rules.md «Возвраты», server/stock/return-receipt.ts): every received
 * return comes in as a lot at its cost, so each needs `price`; only a markdown also needs the price after it.
 */
export const needsMarkdownPrice = (status: Receivable) => status === 'markdown';

/** The price dialog's word on what happens to the return at receipt, per status. */
export const statusHints: Record<Receivable, string> = {
  ready: 'Возврат поступит на склад партией по этой себестоимости и будет продаваться.',
  markdown: 'Возврат поступит партией по этой себестоимости, и каждая его единица будет уценена до цены после уценки.',
  disposal: 'Возврат поступит партией по этой себестоимости и сразу будет списан.',
};
