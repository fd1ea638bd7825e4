/** A status as words (`partially_published` → "partially published"). */
export const statusWords = (status: string) => status.replace('_', ' ');
