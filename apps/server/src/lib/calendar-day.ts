/**
 * The calendar day (YYYY-MM-DD) an instant falls on in a time zone: with the office's TIME_ZONE, its
 * "today", which between 17:00 and 24:00 UTC is already tomorrow in Jakarta.
 */
export function calendarDayIn(timeZone: string, instant: Date = new Date()): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}
