/** Yandex Market Partner API assembly bodies (getOrder, setOrderBoxLayout, updateOrderStatus). */

/** OrderDTO: the fields assembly reads. */
export interface YmOrder {
  id?: number;
  status?: string;
  substatus?: string;
  items?: Array<{ id?: number; offerId?: string; count?: number }>;
}

export interface GetOrderResponse {
  order?: YmOrder;
}

export interface SetOrderBoxLayoutRequest {
  boxes: Array<{ items: Array<{ id: number; fullCount: number }> }>;
  allowRemove?: boolean;
}

export interface SetOrderBoxLayoutResponse {
  status?: string;
  result?: { boxes?: Array<{ boxId?: number; items?: Array<{ id?: number; fullCount?: number }> }> };
}

export interface UpdateOrderStatusRequest {
  order: { status: string; substatus: string };
}
