import { isLogTextValid, QUICK_LOG_PHRASES, type Transaction } from '@bo/contract';
import { Button, Code, Group, Modal, ScrollArea, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { useAppendLog } from '../api/use-transaction-changes';
import { safeTransactionRef } from './transaction-ref';

export interface LogsDialogProps {
  tx: Transaction;
  opened: boolean;
  onClose: () => void;
}

/**
 * The transaction logs dialog (SPEC §2.8, §5, §7.1 KYCLOG): the comment log, a text with the quick phrases,
 * Save. The server stamps the line with the time and the username. Nothing typed is lost on an error.
 */
export function LogsDialog({ tx, opened, onClose }: LogsDialogProps) {
  const ref = safeTransactionRef(tx.Prefix, tx.TransactionID);
  return (
    <Modal opened={opened} onClose={onClose} title={`Logs — ${ref}`} size="lg" centered>
      {opened ? <LogsForm tx={tx} onDone={onClose} /> : null}
    </Modal>
  );
}

function LogsForm({ tx, onDone }: { tx: Transaction; onDone: () => void }) {
  const [text, setText] = useState('');
  const [isMissing, setIsMissing] = useState(false);
  const append = useAppendLog();

  const change = (next: string) => {
    setText(next);
    // SPEC §5: the error indicator clears once text is typed.
    if (isLogTextValid(next)) setIsMissing(false);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!isLogTextValid(text)) {
      setIsMissing(true);
      return;
    }
    const params =
      tx.Prefix === 'T'
        ? { transactionlog: text, TransactionID: tx.TransactionID }
        : { payoutlog: text, PayoutID: tx.TransactionID };
    append.mutate(params, {
      onSuccess: () => {
        notifySuccess('Logs updated successfully');
        onDone();
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {tx.Comments ? (
          <ScrollArea.Autosize mah={220} type="auto">
            <Code block style={{ whiteSpace: 'pre-wrap' }} aria-label="Comment log">
              {tx.Comments}
            </Code>
          </ScrollArea.Autosize>
        ) : (
          <Text size="sm" c="dimmed">
            No comments yet.
          </Text>
        )}
        <Group gap="xs" aria-label="Quick phrases">
          {QUICK_LOG_PHRASES.map((phrase) => (
            <Button key={phrase} size="compact-xs" variant="light" onClick={() => change(phrase)}>
              {phrase}
            </Button>
          ))}
        </Group>
        <Textarea
          label="Log"
          withAsterisk
          rows={4}
          resize="vertical"
          maxLength={2000}
          value={text}
          onChange={(e) => change(e.currentTarget.value)}
          error={isMissing}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={append.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={append.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
