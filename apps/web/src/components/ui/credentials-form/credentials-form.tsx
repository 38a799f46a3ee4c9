import { DEFAULT_TOTP } from '@bo/contract';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { loadCallTables } from '../../../lib/api/main-client';
import { type Credentials, toLoginParams } from '../../../lib/session/session.service';
import { BotCheck, type BotCheckHandle } from '../bot-check/bot-check';

type Field = 'username' | 'password' | 'totp' | 'botPayload';
type FieldErrors = Partial<Record<Field, string>>;

const FIELD_OF: Record<string, Field> = {
  User: 'username',
  Password: 'password',
  totp: 'totp',
  'g-recaptcha-response': 'botPayload',
};

/**
 * SPEC §5: the three fields are required and the bot check must be solved; the rules and messages are the
 * Login call's params schema, loaded with the call tables (started by the first keystroke, ADR 0012).
 */
const validateCredentials = async (values: Credentials): Promise<FieldErrors> => {
  const { MAIN_CALLS } = await loadCallTables();
  const result = MAIN_CALLS.Login.params.safeParse(toLoginParams(values));
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = FIELD_OF[String(issue.path[0])];
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
};

export interface CredentialsFormProps {
  submitLabel: string;
  initialUsername?: string;
  isUsernameReadOnly?: boolean;
  /** Resolves true when signed in; false (or a rejection) resets the single-use bot check. */
  onSubmit: (credentials: Credentials) => Promise<boolean>;
  /** Rendered under the submit button (links, secondary actions). */
  footer?: ReactNode;
}

/** Username, Password, 2 factor authentication and the bot check: the login screen and the re-login modal. */
export function CredentialsForm({
  submitLabel,
  initialUsername = '',
  isUsernameReadOnly = false,
  onSubmit,
  footer,
}: CredentialsFormProps) {
  const [values, setValues] = useState<Credentials>({
    username: initialUsername,
    password: '',
    totp: DEFAULT_TOTP,
    botPayload: '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSubmitting, setIsSubmitting] = useState(false);
  const botCheck = useRef<BotCheckHandle>(null);

  const update = (field: Field, value: string) => {
    // The checks (and the Login call) need the contract's schemas: they load while the person types.
    void loadCallTables();
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    setIsSubmitting(true);
    let found: FieldErrors = {};
    try {
      found = await validateCredentials(values);
    } catch {
      // The checks could not be loaded (the connection dropped); the sign-in below reports that itself.
    }
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setIsSubmitting(false);
      return;
    }
    let isDone = false;
    try {
      isDone = await onSubmit(values);
    } catch {
      isDone = false;
    } finally {
      setIsSubmitting(false);
    }
    // A payload is single-use: after a failed attempt the user solves a fresh challenge.
    if (!isDone) botCheck.current?.reset();
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Username"
          autoComplete="username"
          value={values.username}
          readOnly={isUsernameReadOnly}
          onChange={(e) => update('username', e.currentTarget.value)}
          error={errors.username}
          withAsterisk
          data-autofocus={isUsernameReadOnly ? undefined : true}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          // Mantine's default toggle name contains 'password', which would make the field's label ambiguous.
          visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the typed characters' }}
          value={values.password}
          onChange={(e) => update('password', e.currentTarget.value)}
          error={errors.password}
          withAsterisk
          data-autofocus={isUsernameReadOnly ? true : undefined}
        />
        <TextInput
          label="2 factor authentication"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          value={values.totp}
          onChange={(e) => update('totp', e.currentTarget.value)}
          error={errors.totp}
          withAsterisk
        />
        <BotCheck
          ref={botCheck}
          onChange={(payload) => update('botPayload', payload ?? '')}
          error={errors.botPayload}
        />
        <Button type="submit" fullWidth loading={isSubmitting}>
          {submitLabel}
        </Button>
        {footer}
      </Stack>
    </form>
  );
}
