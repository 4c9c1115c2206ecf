/** A status as the console shows it: "pending" → "Pending". */
export const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);
