/** One day in milliseconds, for observations spread over time. */
export const DAY = 86_400_000;
