import { DEFAULT_TIMEZONE } from '../common/constants';

/**
 * The leading `@name` of SPEC §2.7: a message that starts with '@' and a contact's name (any case) picks
 * that contact as the recipient, and the rest is the message. Names can hold spaces, so the longest
 * matching name wins, and it must end at a space, a newline or the end of the text.
 * Returns `null` when the text does not start with '@'; `{ contact: null }` when no contact matches.
 */
export function readLeadingAddress<C extends { name: string }>(
  text: string,
  contacts: readonly C[],
): { contact: C | null; rest: string } | null {
  if (!text.startsWith('@')) return null;
  const after = text.slice(1);
  const lower = after.toLowerCase();
  let best: C | null = null;
  for (const contact of contacts) {
    const name = contact.name.toLowerCase();
    if (name === '' || !lower.startsWith(name)) continue;
    const next = after.charAt(name.length);
    if (next !== '' && !/\s/.test(next)) continue;
    if (!best || name.length > best.name.length) best = contact;
  }
  if (!best) return { contact: null, rest: text };
  return { contact: best, rest: after.slice(best.name.length).replace(/^[ \t]+/, '') };
}

const amsterdam = new Intl.DateTimeFormat('en-GB', {
  timeZone: DEFAULT_TIMEZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A chat timestamp in Amsterdam time (SPEC §9), 'YYYY-MM-DD HH:mm'; '' for a value that is not a date. */
export function formatChatTime(value: string | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const parts = Object.fromEntries(amsterdam.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}
