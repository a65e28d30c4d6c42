/** The items without repeats, first occurrence first. */
export const unique = <T>(items: readonly T[]): T[] => [...new Set(items)];
