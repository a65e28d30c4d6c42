/** Wildberries FBS supplies and stickers (03-orders-fbs.yaml, tags «Поставки FBS» and «Сборочные задания FBS»). */

export interface CreateSupplyRequest {
  /** 1–128 characters. */
  name: string;
}

export interface CreateSupplyResponse {
  /** WB-GI-… */
  id?: string;
}

export interface AddSupplyOrdersRequest {
  /** 1–100 assembly task ids. */
  orders: number[];
}

export interface StickersRequest {
  /** 1–100 assembly task ids, each `confirm` or `complete`. */
  orders: number[];
}

export interface StickersResponse {
  stickers?: Array<{ orderId?: number; partA?: string; partB?: string; barcode?: string; file?: string }>;
}
