import { type ChatMessage, type ContactListEntry, parseContactList } from '@bo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isApiError } from '../../../lib/api/api-error';
import { mainCall } from '../../../lib/api/main-client';
import { queryKey } from '../../../lib/api/query-keys';
import { useMainQuery } from '../../../lib/api/use-call-query';

/** The key prefix of every chat query, for invalidating them together. */
export const CHAT_QUERY_PREFIXES = [
  queryKey('main', 'ChatContactList').slice(0, 2),
  queryKey('main', 'ChatHistory').slice(0, 2),
];

export const historyKey = (contactId: number) => queryKey('main', 'ChatHistory', { ID: contactId });

/** The contacts of CONTACTLIST (SPEC §7.1), newest conversation first, with the caller's unread counts. */
export const useChatContacts = (enabled: boolean) =>
  useMainQuery(
    'ChatContactList',
    {},
    {
      enabled,
      select: (text): ContactListEntry[] => parseContactList(text),
      // The live feed keeps it current; a slow poll covers a feed that is down.
      staleTime: 60_000,
      refetchInterval: 300_000,
    },
  );

/**
 * One conversation. Reading it marks it read on the server, so the contacts (and their unread dots and the
 * badge) are read again each time it has been fetched.
 */
export const useChatHistory = (contactId: number | null) => {
  const client = useQueryClient();
  const history = useMainQuery(
    'ChatHistory',
    { ID: contactId ?? 0 },
    { enabled: contactId !== null, staleTime: 0 },
  );
  const { dataUpdatedAt } = history;
  useEffect(() => {
    if (dataUpdatedAt === 0) return;
    client.invalidateQueries({ queryKey: queryKey('main', 'ChatContactList').slice(0, 2) });
  }, [client, dataUpdatedAt]);
  return history;
};

/** The text a failed send shows (SPEC §8: chat send errors show data.error). */
export const sendErrorText = (error: unknown): string => {
  if (isApiError(error)) {
    const data = error.data;
    if (data && typeof data === 'object' && 'error' in data && typeof data.error === 'string')
      return data.error;
    return error.message;
  }
  return 'The message could not be sent';
};

/** SEND: the message appears in its conversation at once; the live feed brings it to everyone else. */
export const useSendChat = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (params: { ID: number; TEXT: string }) => mainCall('ChatSend', params),
    meta: { handlesErrors: true },
    onSuccess: (sent, params) => {
      client.setQueryData<ChatMessage[]>(historyKey(params.ID), (old) => appendMessage(old, sent));
      client.invalidateQueries({ queryKey: queryKey('main', 'ChatContactList').slice(0, 2) });
    },
  });
};

/** Adds a message to a conversation once, in id order (the feed and the send answer both bring it). */
export const appendMessage = (
  list: ChatMessage[] | undefined,
  message: ChatMessage,
): ChatMessage[] | undefined => {
  if (!list) return list;
  if (list.some((m) => m.ID === message.ID)) return list;
  return [...list, message].sort((a, b) => a.ID - b.ID);
};
