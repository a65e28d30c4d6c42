/** A markdown as mirrored (server/schemas/stock-rows.ts Markdown); until api/schema.gen.ts has it. */
export type Markdown = {
  id: string;
  product_id: string;
  lot_id: string | null;
  datetime: string;
  description: string;
  price: number;
  markdown_price: number;
  release: boolean;
  count: number;
  version: number;
  updated_at: string;
};

/** One line of /markdown: the markdown with its product's name, picture and articles. */
export type MarkdownLine = Markdown & {
  name: string;
  image: string | null;
  articles: string[];
  /** Lower-cased name, articles and description, for the search. */
  haystack: string;
};
