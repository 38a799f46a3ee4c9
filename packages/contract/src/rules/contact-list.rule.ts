import type { ChatContact } from '../entities/catalog.schema';

/** One contact as CONTACTLIST writes it (SPEC §7.1): name, id, the last message's time, unread count. */
export interface ContactListEntry extends ChatContact {
  /** Epoch milliseconds of the contact's newest message. */
  lastAt: number;
}

// Names are merchants' shop titles: the list's separators must not appear inside them.
const clean = (name: string) => name.replace(/[;,]/g, ' ').trim();

/** Writes the semicolon list of SPEC §7.1: 'name,id,lastAt,unread;…'. */
export const formatContactList = (entries: readonly ContactListEntry[]): string =>
  entries.map((e) => `${clean(e.name)},${e.id},${e.lastAt},${e.count}`).join(';');

/** Reads the list back; malformed entries are skipped. */
export const parseContactList = (text: string): ContactListEntry[] =>
  text
    .split(';')
    .map((entry) => entry.split(','))
    .flatMap((parts) => {
      if (parts.length !== 4) return [];
      const [name = '', id = '', lastAt = '', count = ''] = parts;
      if (!/^\d+$/.test(id) || !/^\d+$/.test(lastAt) || !/^\d+$/.test(count) || name.trim() === '') return [];
      return [{ name: name.trim(), id: Number(id), lastAt: Number(lastAt), count: Number(count) }];
    });
