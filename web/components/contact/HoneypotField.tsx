// The contact forms' spam trap (POST /api/contact): bots fill every field they find; people never
// see, reach or hear this one, so a value in it tells the server the message came from a bot.
import type { ComponentProps } from 'react';
import { HONEYPOT_FIELD } from '@shared/schemas/contact';

/** Takes react-hook-form's `register(...)` props, or none for a plain form read with `honeypotValue`. */
export function HoneypotField(props: Omit<ComponentProps<'input'>, 'type' | 'tabIndex' | 'autoComplete'>) {
  return (
    <div aria-hidden className="sr-only">
      <label>
        Leave this field empty
        <input name={HONEYPOT_FIELD} {...props} type="text" tabIndex={-1} autoComplete="off" aria-hidden />
      </label>
    </div>
  );
}

/** What the trap holds in a submitted plain form: sent as is, so the server can tell. */
export function honeypotValue(form: HTMLFormElement): string {
  const value = new FormData(form).get(HONEYPOT_FIELD);
  return typeof value === 'string' ? value : '';
}
