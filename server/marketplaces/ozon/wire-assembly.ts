/** OZON Seller API assembly bodies (seller-api.swagger.json: PostingAPI_ShipFbsPostingV4, PostingFBSPackageLabel). */

export interface ShipFbsPostingV4Request {
  posting_number: string;
  /** One package per element; products by OZON SKU (`product_id` is the SKU here, as the spec says). */
  packages: Array<{ products: Array<{ product_id: number; quantity: number }> }>;
  with?: { additional_data?: boolean };
}

export interface ShipFbsPostingV4Response {
  /** The posting numbers the order became (one per package). */
  result?: string[];
  additional_data?: Array<{ posting_number?: string; products?: unknown[] }>;
}

export interface PackageLabelRequest {
  /** At most 20. */
  posting_number: string[];
}
