import { MESSAGES, resetPasswordParamsSchema } from '@bo/contract';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/api/api-error';
import { mainCallResult } from '../../../lib/api/main-client';

interface Errors {
  password?: string;
  confirm?: string;
}

/** Step two of a password reset, reached from the e-mailed link /reset-password?token=… */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [doneMessage, setDoneMessage] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    setServerError(null);
    const params = { token, Password: password, Confirm: confirm };
    const parsed = resetPasswordParamsSchema.safeParse(params);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === 'Password') found.password ??= issue.message;
        else if (issue.path[0] === 'Confirm') found.confirm ??= issue.message;
        else setServerError(MESSAGES.resetInvalid);
      }
      setErrors(found);
      return;
    }
    setIsSubmitting(true);
    try {
      const result = await mainCallResult('ResetPassword', params);
      setDoneMessage(result.message || MESSAGES.resetDone);
    } catch (error) {
      setServerError(isApiError(error) ? error.message : MESSAGES.serverError);
    } finally {
      setIsSubmitting(false);
    }
  };

  if (!token) {
    return (
      <Stack gap="md">
        <Title order={2} size="h3">
          Reset password
        </Title>
        <Alert color="red">{MESSAGES.resetInvalid}</Alert>
        <Anchor component={Link} to="/forgot-password" size="sm" ta="center">
          Request a new link
        </Anchor>
      </Stack>
    );
  }

  if (doneMessage) {
    return (
      <Stack gap="md">
        <Title order={2} size="h3">
          Reset password
        </Title>
        <Alert color="teal" title="Password changed">
          {doneMessage}
        </Alert>
        <Anchor component={Link} to="/login" size="sm" ta="center">
          Go to login
        </Anchor>
      </Stack>
    );
  }

  return (
    <>
      <Title order={2} size="h3" mb={4}>
        Reset password
      </Title>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Choose a new password of at least 12 characters.
          </Text>
          {serverError ? (
            <Alert color="red" role="alert">
              {serverError}
            </Alert>
          ) : null}
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => {
              setPassword(e.currentTarget.value);
              setErrors((x) => ({ ...x, password: undefined }));
            }}
            error={errors.password}
            withAsterisk
          />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => {
              setConfirm(e.currentTarget.value);
              setErrors((x) => ({ ...x, confirm: undefined }));
            }}
            error={errors.confirm}
            withAsterisk
          />
          <Button type="submit" fullWidth loading={isSubmitting}>
            Change password
          </Button>
          <Group justify="center">
            <Anchor component={Link} to="/login" size="sm">
              Back to login
            </Anchor>
          </Group>
        </Stack>
      </form>
    </>
  );
}
