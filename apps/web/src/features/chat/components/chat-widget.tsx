import {
  type ChatMessage,
  type ContactListEntry,
  formatChatTime,
  readLeadingAddress,
  validateChatMessage,
} from '@bo/contract';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Select,
  Stack,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { IconMessages, IconMinus, IconSend } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useHasPermission } from '../../../lib/session/use-permission';
import { sendErrorText, useChatContacts, useChatHistory, useSendChat } from '../api/use-chat';
import { useChatFeed } from '../hooks/use-chat-feed';

/**
 * The 'Support Chat' widget of SPEC §2.7, for staff holding chatter-role: a button with the total unread
 * count that opens a panel with the contact dropdown, the conversation and the message box. The feed keeps
 * counts and conversations live while the panel is closed; a conversation is marked read only when shown.
 */
export function ChatWidget() {
  const isChatter = useHasPermission('chatter-role');
  if (!isChatter) return null;
  return <ChatDock />;
}

function ChatDock() {
  const [isOpen, setIsOpen] = useState(false);
  const [contactId, setContactId] = useState<number | null>(null);
  const contacts = useChatContacts(true);
  useChatFeed(true);
  const list = contacts.data ?? [];
  const unread = list.reduce((sum, c) => sum + c.count, 0);

  // With nothing chosen yet, the first conversation waiting for an answer, else the newest.
  const fallback = list.find((c) => c.count > 0)?.id ?? list[0]?.id ?? null;
  const current = contactId ?? fallback;
  // Once shown, the conversation stays put: a message arriving elsewhere must not switch it.
  useEffect(() => {
    if (isOpen && contactId === null && fallback !== null) setContactId(fallback);
  }, [isOpen, contactId, fallback]);

  return (
    <Box pos="fixed" right={20} bottom={20} style={{ zIndex: 190 }}>
      {isOpen ? (
        <ChatPanel
          contacts={list}
          isLoadingContacts={contacts.isPending}
          contactId={current}
          onContact={setContactId}
          unread={unread}
          onClose={() => setIsOpen(false)}
        />
      ) : (
        <Button
          onClick={() => setIsOpen(true)}
          leftSection={<IconMessages size={18} />}
          rightSection={
            unread > 0 ? (
              <Badge
                color="red"
                variant="filled"
                size="sm"
                circle={unread < 10}
                aria-label={`Unread messages: ${unread}`}
              >
                {unread}
              </Badge>
            ) : null
          }
          radius="xl"
          size="md"
          style={{ boxShadow: 'var(--mantine-shadow-md)' }}
        >
          Support Chat
        </Button>
      )}
    </Box>
  );
}

interface ChatPanelProps {
  contacts: ContactListEntry[];
  isLoadingContacts: boolean;
  contactId: number | null;
  onContact: (id: number) => void;
  unread: number;
  onClose: () => void;
}

function ChatPanel({ contacts, isLoadingContacts, contactId, onContact, unread, onClose }: ChatPanelProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const history = useChatHistory(contactId);
  const send = useSendChat();
  const box = useRef<HTMLTextAreaElement>(null);
  const contact = contacts.find((c) => c.id === contactId) ?? null;

  const options = useMemo(
    () => contacts.map((c) => ({ value: String(c.id), label: c.name, count: c.count })),
    [contacts],
  );
  const countOf = (value: string) => options.find((o) => o.value === value)?.count ?? 0;

  const change = (value: string) => {
    setText(value);
    setError(null);
    // A leading @name picks the recipient as soon as the name is complete (SPEC §2.7).
    const address = readLeadingAddress(value, contacts);
    if (address?.contact && address.contact.id !== contactId) onContact(address.contact.id);
  };

  const submit = () => {
    if (send.isPending) return;
    const address = readLeadingAddress(text, contacts);
    if (address && !address.contact) {
      setError(`No contact is called ${text.slice(1).split(/\s/)[0] ?? ''}`);
      return;
    }
    const recipient = address?.contact ?? contact;
    const message = address ? address.rest : text;
    const problem = validateChatMessage(message);
    if (problem) {
      setError(problem);
      return;
    }
    if (!recipient) {
      setError('Choose a contact first');
      return;
    }
    send.mutate(
      { ID: recipient.id, TEXT: message },
      {
        onSuccess: () => {
          setText('');
          onContact(recipient.id);
          box.current?.focus();
        },
        // What was typed stays, so nothing is lost (SPEC §8: the error shown is data.error).
        onError: (failure) => setError(sendErrorText(failure)),
      },
    );
  };

  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    if (event.ctrlKey || event.metaKey) {
      // Ctrl+Enter is a newline (browsers insert none by themselves).
      event.preventDefault();
      // The newline goes into the box and the caret after it at once: a caret placed on the next frame
      // let keys typed before that frame land in the wrong place.
      const target = event.currentTarget;
      target.setRangeText('\n', target.selectionStart, target.selectionEnd, 'end');
      change(target.value);
      return;
    }
    if (event.shiftKey) return;
    event.preventDefault();
    submit();
  };

  return (
    <Paper
      component="section"
      aria-label="Support Chat"
      shadow="lg"
      radius="md"
      withBorder
      w={380}
      style={{ display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
    >
      <Group justify="space-between" px="md" py="xs" bg="blue.7" c="white" wrap="nowrap">
        <Group gap={8} wrap="nowrap">
          <IconMessages size={18} />
          <Text fw={600} size="sm">
            Support Chat
          </Text>
          {unread > 0 ? (
            <Badge color="red" variant="filled" size="sm" aria-label={`Unread messages: ${unread}`}>
              {unread}
            </Badge>
          ) : null}
        </Group>
        <Tooltip label="Minimise">
          <ActionIcon variant="subtle" color="white" onClick={onClose} aria-label="Minimise chat">
            <IconMinus size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Box px="md" pt="sm">
        <Select
          aria-label="Contact"
          placeholder={isLoadingContacts ? 'Loading contacts…' : 'Choose a contact'}
          data={options}
          value={contactId === null ? null : String(contactId)}
          onChange={(value) => {
            if (value) onContact(Number(value));
          }}
          searchable
          allowDeselect={false}
          nothingFoundMessage="No contact found"
          leftSection={contact && contact.count > 0 ? <UnreadDot /> : null}
          renderOption={({ option }) => (
            <Group gap={8} wrap="nowrap" justify="space-between" w="100%">
              <Text size="sm" truncate>
                {option.label}
              </Text>
              {countOf(option.value) > 0 ? (
                <Group gap={4} wrap="nowrap" aria-label={`${countOf(option.value)} unread`}>
                  <UnreadDot />
                  <Text size="xs" c="dimmed">
                    {countOf(option.value)}
                  </Text>
                </Group>
              ) : null}
            </Group>
          )}
        />
      </Box>
      <Conversation
        messages={history.data ?? []}
        isLoading={contactId !== null && history.isPending}
        hasContact={contactId !== null}
      />
      <Stack gap={6} px="md" pb="md">
        <Textarea
          ref={box}
          aria-label="Message"
          placeholder="Enter message..."
          value={text}
          onChange={(e) => change(e.currentTarget.value)}
          onKeyDown={keyDown}
          error={error}
          rows={3}
          resize="vertical"
          maxLength={4000}
        />
        <Group justify="space-between" wrap="nowrap">
          <Text size="xs" c="dimmed" style={{ flex: 1, minWidth: 0 }}>
            Enter sends · Ctrl+Enter new line · @name picks the contact
          </Text>
          <Button
            size="xs"
            style={{ flex: 'none' }}
            onClick={submit}
            disabled={text === '' || send.isPending}
            loading={send.isPending}
            rightSection={<IconSend size={14} />}
          >
            Send
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function UnreadDot() {
  return <Box component="span" w={8} h={8} bg="red.6" style={{ borderRadius: '50%', flex: 'none' }} />;
}

function Conversation({
  messages,
  isLoading,
  hasContact,
}: {
  messages: ChatMessage[];
  isLoading: boolean;
  hasContact: boolean;
}) {
  const viewport = useRef<HTMLDivElement>(null);
  const newest = messages.at(-1)?.ID;
  // The newest message is what a reader wants; keep it in view as messages arrive.
  useEffect(() => {
    if (newest === undefined) return;
    const element = viewport.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [newest]);

  return (
    <ScrollArea h={320} viewportRef={viewport} px="md" py="sm" aria-label="Messages">
      {isLoading ? (
        <Center h={280}>
          <Loader size="sm" />
        </Center>
      ) : messages.length === 0 ? (
        <Center h={280}>
          <Text size="sm" c="dimmed">
            {hasContact ? 'No messages yet' : 'No conversation yet'}
          </Text>
        </Center>
      ) : (
        <Stack gap="xs" component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {messages.map((m) => (
            <Bubble key={m.ID} message={m} />
          ))}
        </Stack>
      )}
    </ScrollArea>
  );
}

function Bubble({ message }: { message: ChatMessage }) {
  const isOut = message.MsgType === 'OUT';
  return (
    <Box component="li" style={{ alignSelf: isOut ? 'flex-end' : 'flex-start', maxWidth: '85%' }}>
      <Text size="xs" c="dimmed" ta={isOut ? 'right' : 'left'}>
        {message.FROM} · {formatChatTime(message.CreatedOn)}
      </Text>
      <Paper px="sm" py={6} radius="md" bg={isOut ? 'blue.0' : 'gray.1'} data-direction={message.MsgType}>
        {/* Chat text is text: React escapes it, and nothing here renders HTML. */}
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.Message}
        </Text>
      </Paper>
    </Box>
  );
}
