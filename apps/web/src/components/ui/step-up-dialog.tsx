import { Alert, Button, Group, Modal, PasswordInput, PinInput, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';

export interface StepUpProof {
  Code?: string;
  Password?: string;
}

/**
 * Confirms a sensitive action (brief §0 step-up: a config write, a licence action, a run that moves money): the authenticator code when the account has one, its password
 * otherwise. `send` runs the call; its refusal is shown here and the dialog stays open to try again.
 */
export function StepUpDialog({
  opened,
  title,
  what,
  method,
  withComment = false,
  commentLabel = 'Comment',
  commentDescription = 'What changed and why, for the approver and the history',
  commentRequired = false,
  confirmLabel,
  onClose,
  send,
}: {
  opened: boolean;
  title: string;
  what: string;
  method: 'totp' | 'password';
  withComment?: boolean;
  /** The comment box's label and hint, e.g. 'Reason' for a licence suspension. */
  commentLabel?: string;
  commentDescription?: string;
  /** The box must not be left empty; the server still says why when it is. */
  commentRequired?: boolean;
  confirmLabel: string;
  onClose: () => void;
  send: (proof: StepUpProof, comment: string) => Promise<unknown>;
}) {
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const close = () => {
    setCode('');
    setPassword('');
    setComment('');
    setProblem(null);
    onClose();
  };
  const submit = async () => {
    setPending(true);
    try {
      await send(method === 'totp' ? { Code: code } : { Password: password }, comment.trim());
      close();
    } catch (error) {
      setCode('');
      setPassword('');
      setProblem(error instanceof Error ? error.message : 'The change was not made');
    } finally {
      setPending(false);
    }
  };
  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{what}</Text>
          {withComment ? (
            <Textarea
              label={commentLabel}
              description={commentDescription}
              withAsterisk={commentRequired}
              value={comment}
              onChange={(e) => setComment(e.currentTarget.value)}
              maxLength={500}
              autosize
              minRows={2}
            />
          ) : null}
          {method === 'totp' ? (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Authenticator code
              </Text>
              <PinInput
                length={6}
                type="number"
                oneTimeCode
                aria-label="Authenticator code"
                value={code}
                onChange={(value) => {
                  setCode(value);
                  setProblem(null);
                }}
                data-autofocus={withComment ? undefined : true}
              />
            </Stack>
          ) : (
            <PasswordInput
              label="Your password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => {
                setPassword(e.currentTarget.value);
                setProblem(null);
              }}
              data-autofocus={withComment ? undefined : true}
            />
          )}
          {problem ? (
            <Alert color="red" role="alert" title="Not done">
              {problem}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Not now
            </Button>
            <Button type="submit" loading={pending}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
