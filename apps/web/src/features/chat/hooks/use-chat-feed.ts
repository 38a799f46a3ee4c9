import { chatFeedMessageSchema } from '@bo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { queryKey } from '../../../lib/api/query-keys';
import { useLiveSocket } from '../../../lib/realtime/live-socket';
import { appendMessage, CHAT_QUERY_PREFIXES, historyKey } from '../api/use-chat';

const parse = (text: string) => {
  try {
    const parsed = chatFeedMessageSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

/**
 * The chat socket (SPEC §7.3). A new message joins its conversation if that is loaded, and the contacts
 * are read again for their unread counts; an open conversation is read again so it is marked read. After
 * a `reset` (more was missed than the server replays) every chat query is read again: nothing is lost.
 */
export function useChatFeed(enabled: boolean): void {
  const client = useQueryClient();
  useLiveSocket(
    'chat',
    (text) => {
      const message = parse(text);
      if (!message || message.type === 'sync') return;
      if (message.type === 'reset') {
        for (const prefix of CHAT_QUERY_PREFIXES) client.invalidateQueries({ queryKey: prefix });
        return;
      }
      const key = historyKey(message.contactId);
      client.setQueryData(key, (old: Parameters<typeof appendMessage>[0]) =>
        appendMessage(old, message.message),
      );
      if (message.message.MsgType === 'IN') {
        // Only an open conversation (one with an observer) is fetched again, which marks it read.
        client.invalidateQueries({ queryKey: key, refetchType: 'active' });
      }
      client.invalidateQueries({ queryKey: queryKey('main', 'ChatContactList').slice(0, 2) });
    },
    enabled,
    (text) => parse(text)?.seq ?? null,
  );
}
