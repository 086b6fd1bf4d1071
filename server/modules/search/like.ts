/** A LIKE pattern that matches `text` anywhere in a value; its own `%`, `_` and `\` match literally (escape `\`). */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
