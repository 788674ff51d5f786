/**
 * A `like`/`ilike` pattern matching values that contain `text` as typed: `%`, `_` and `\` in it are matched
 * literally (PostgreSQL's default escape character is the backslash), so a search for '10%' finds '10%' only.
 */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
