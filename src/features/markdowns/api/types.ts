import type { components } from '../../../../api/schema.gen.ts';

/** A markdown as mirrored (server/schemas/stock-rows.ts). */
export type Markdown = components['schemas']['Markdown'];

/** One line of /markdown: the markdown with its product's name, picture and articles. */
export type MarkdownLine = Markdown & {
  name: string;
  image: string | null;
  articles: string[];
  /** Lower-cased name, articles and description, for the search. */
  haystack: string;
};
