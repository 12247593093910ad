/** A LIKE/ILIKE pattern matching `text` anywhere, its wildcards (`%`, `_`) and backslashes taken literally. */
export const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
