import { forgotPasswordParamsSchema, MESSAGES } from '@bo/contract';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { BotCheck, type BotCheckHandle } from '../../../components/ui/bot-check/bot-check';
import { isApiError } from '../../../lib/api/api-error';
import { mainCallResult } from '../../../lib/api/main-client';
import { notifyError } from '../../../lib/notify';

interface Errors {
  user?: string;
  bot?: string;
}

/** Step one of a password reset: ask for a link. The answer is the same whether or not the account exists. */
export function ForgotPasswordPage() {
  const [user, setUser] = useState('');
  const [botPayload, setBotPayload] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const botCheck = useRef<BotCheckHandle>(null);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    const params = { User: user, 'g-recaptcha-response': botPayload };
    const parsed = forgotPasswordParamsSchema.safeParse(params);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === 'User') found.user ??= issue.message;
        else found.bot ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setIsSubmitting(true);
    try {
      const result = await mainCallResult('ForgotPassword', params);
      setSentMessage(result.message || MESSAGES.resetRequested);
    } catch (error) {
      notifyError(isApiError(error) ? error.message : MESSAGES.serverError);
      botCheck.current?.reset();
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <>
      <Title order={2} size="h3" mb={4}>
        Forgot password
      </Title>
      {sentMessage ? (
        <Stack gap="md">
          <Alert color="teal" title="Check your e-mail">
            {sentMessage}
          </Alert>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            Back to login
          </Anchor>
        </Stack>
      ) : (
        <form onSubmit={handleSubmit} noValidate>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              Enter your username or e-mail address and we will send a link to choose a new password.
            </Text>
            <TextInput
              label="Username or e-mail"
              autoComplete="username"
              value={user}
              onChange={(e) => {
                setUser(e.currentTarget.value);
                setErrors((x) => ({ ...x, user: undefined }));
              }}
              error={errors.user}
              withAsterisk
            />
            <BotCheck
              ref={botCheck}
              onChange={(payload) => {
                setBotPayload(payload ?? '');
                setErrors((x) => ({ ...x, bot: undefined }));
              }}
              error={errors.bot}
            />
            <Button type="submit" fullWidth loading={isSubmitting}>
              Send reset link
            </Button>
            <Group justify="center">
              <Anchor component={Link} to="/login" size="sm">
                Back to login
              </Anchor>
            </Group>
          </Stack>
        </form>
      )}
    </>
  );
}
