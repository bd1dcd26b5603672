/*
 * When an application is due: spec section 9 promises an electronic ordinary invoice within
 * 2 working days and a paper special one within 3. Working days are Monday to Friday, counted
 * on UTC days (the platform's time); public holidays are not known here.
 */

const DAY_MS = 86_400_000;

/** The UTC day (YYYY-MM-DD) of an instant. */
export function utcDay(value: string | Date): string {
  return new Date(value).toISOString().slice(0, 10);
}

const isWeekend = (d: Date) => d.getUTCDay() === 0 || d.getUTCDay() === 6;

/** The UTC day `days` working days after the UTC day of `from` (a Saturday or Sunday application counts from Monday). */
export function addWorkingDays(from: string | Date, days: number): string {
  let at = Date.parse(`${utcDay(from)}T00:00:00Z`);
  let left = days;
  while (left > 0) {
    at += DAY_MS;
    if (!isWeekend(new Date(at))) left -= 1;
  }
  return utcDay(new Date(at));
}

/** Whether an application due on `dueDay` is late at `now` (due days end at UTC midnight). */
export function isOverdue(dueDay: string, now: Date = new Date()): boolean {
  return utcDay(now) > dueDay;
}
