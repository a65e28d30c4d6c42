import type {
  MarketplaceCode,
  StockItem,
  StockItemResult,
  StockPushAdapter,
  StockWarehouse,
  StoreCredentials,
} from './types.ts';

/**
 * The stock push part of a marketplace adapter: handed as it is to the marketplace's own stock push
 * (`stocks`, from its *-stocks.ts), so the adapter answers the whole MarketplaceAdapter.
 */
export abstract class StockPushHandOff implements StockPushAdapter {
  abstract readonly marketplace: MarketplaceCode;
  protected abstract readonly stocks: StockPushAdapter;

  stockWarehouse(store: StoreCredentials): Promise<StockWarehouse> {
    return this.stocks.stockWarehouse(store);
  }

  readStocks(
    store: StoreCredentials,
    warehouse: StockWarehouse,
    items: readonly StockItem[],
  ): Promise<Map<string, number>> {
    return this.stocks.readStocks(store, warehouse, items);
  }

  pushStocks(
    store: StoreCredentials,
    warehouse: StockWarehouse,
    items: readonly StockItem[],
    onBatch?: (done: number, total: number) => void,
  ): Promise<StockItemResult[]> {
    return this.stocks.pushStocks(store, warehouse, items, onBatch);
  }
}
