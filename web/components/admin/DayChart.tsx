// A small bar chart of one figure per day. The bars are for the eye; a screen reader hears a
// summary and can read the numbers in the table behind it.
import { useId } from 'react';
import { barShares, shortDay } from './admin-format';
import { wholeNumber } from '@shared/format';

export interface TDayValue {
  date: string;
  value: number;
}

export function DayChart({ title, days }: { title: string; days: readonly TDayValue[] }) {
  const titleId = useId();
  const shares = barShares(days.map((day) => day.value));
  const total = days.reduce((sum, day) => sum + day.value, 0);
  const busiest = days.reduce<TDayValue | null>((best, day) => (day.value > (best?.value ?? 0) ? day : best), null);
  const summary = busiest ? `${wholeNumber(total)} in ${days.length} days, most on ${shortDay(busiest.date)} (${wholeNumber(busiest.value)})` : `None in ${days.length} days`;

  return (
    <figure aria-labelledby={titleId} className="flex flex-col gap-3 rounded-xl border border-zinc-200 p-5">
      <figcaption id={titleId} className="flex items-baseline justify-between gap-3">
        <span className="text-sm font-semibold text-ink">{title}</span>
        <span className="text-[13px] text-zinc-600">{summary}</span>
      </figcaption>
      <div aria-hidden className="flex h-24 items-end gap-0.5">
        {days.map((day, index) => (
          <div key={day.date} title={`${shortDay(day.date)}: ${day.value}`} className="flex h-full flex-1 items-end">
            <div className="w-full rounded-t-sm bg-accent" style={{ height: `${Math.max(shares[index] ?? 0, day.value > 0 ? 4 : 1)}%` }} />
          </div>
        ))}
      </div>
      {days.length > 0 && (
        <div aria-hidden className="flex justify-between text-[12px] text-zinc-600">
          <span>{shortDay(days[0]?.date ?? '')}</span>
          <span>{shortDay(days.at(-1)?.date ?? '')}</span>
        </div>
      )}
      <table className="sr-only">
        <caption>{title} per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">{title}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{shortDay(day.date)}</th>
              <td>{day.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
