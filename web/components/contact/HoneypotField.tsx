// The contact forms' spam trap (POST /api/contact): bots fill every field they find; people never
// see, reach or hear this one, so a value in it tells the server the message came from a bot.
import { HONEYPOT_FIELD } from '@shared/schemas/contact';

/** An unlabelled-to-people input, read on submit with `honeypotValue`. */
export function HoneypotField() {
  return (
    <div aria-hidden className="sr-only">
      <label>
        Leave this field empty
        <input name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" aria-hidden />
      </label>
    </div>
  );
}

/** What the trap holds in a submitted plain form: sent as is, so the server can tell. */
export function honeypotValue(form: HTMLFormElement): string {
  const value = new FormData(form).get(HONEYPOT_FIELD);
  return typeof value === 'string' ? value : '';
}
