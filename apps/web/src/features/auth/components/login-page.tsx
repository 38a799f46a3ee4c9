import { PUBLIC_ROUTES } from '@bo/contract';
import { Anchor, Group, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { CredentialsForm } from '../../../components/ui/credentials-form/credentials-form';
import { useAppStore } from '../../../lib/session/session.store';
import { useLogin } from '../hooks/use-login';

const forgotPasswordPath =
  PUBLIC_ROUTES.find((r) => r.name === 'forgot-password')?.path ?? '/forgot-password';

export interface LoginPageProps {
  /** Called as a valid sign-in is sent: the app starts loading the screens it leads to. */
  onSubmitting?: () => void;
}

export function LoginPage({ onSubmitting }: LoginPageProps) {
  const login = useLogin();
  const lastUsername = useAppStore((s) => s.username);

  return (
    <>
      <Title order={2} size="h3" mb={4}>
        Sign in
      </Title>
      <Text size="sm" c="dimmed" mb="lg">
        Staff access only. Every action is recorded.
      </Text>
      <CredentialsForm
        submitLabel="Login"
        initialUsername={lastUsername}
        onSubmit={(credentials) => {
          onSubmitting?.();
          return login(credentials);
        }}
        footer={
          <Group justify="center">
            <Anchor component={Link} to={forgotPasswordPath} size="sm">
              Forgot password?
            </Anchor>
          </Group>
        }
      />
    </>
  );
}
