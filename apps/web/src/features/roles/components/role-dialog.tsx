import {
  PERMISSION_DESCRIPTIONS,
  PERMISSION_SLUGS,
  type PermissionSlug,
  ROLE_DESCRIPTION_MAX_LENGTH,
  ROLE_NAME_MAX_LENGTH,
  type Role,
} from '@bo/contract';
import { Button, Checkbox, Grid, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { isApiError } from '../../../lib/api/api-error';
import { handleApiError } from '../../../lib/api/error-handler';
import { notifySuccess } from '../../../lib/notify';
import { useSaveRole } from '../hooks/use-role-changes';
import { RolePreview } from './role-preview';

type Field = 'Name' | 'Description' | 'Slugs';

/** The field messages a 400 answer carries (`data.issues[{path, message}]`). */
const fieldIssues = (error: unknown): Partial<Record<Field, string>> => {
  if (!isApiError(error) || error.statusCode !== 400) return {};
  const issues = (error.data as { issues?: Array<{ path?: string; message?: string }> } | null)?.issues ?? [];
  const found: Partial<Record<Field, string>> = {};
  for (const issue of issues) {
    const field = issue.path?.split('.')[0] as Field | undefined;
    if (field && ['Name', 'Description', 'Slugs'].includes(field) && issue.message)
      found[field] ??= issue.message;
  }
  return found;
};

export interface RoleDialogProps {
  /** The role to edit, or null to create one. */
  existing: Role | null;
  onClose: () => void;
}

/**
 * Creates or edits a role: its name, description and permission slugs, with the preview of what holders
 * would see beside the checkboxes, so an administrator sees a change's reach before saving it. A refusal
 * keeps everything typed; a duplicate name shows under the name.
 */
export function RoleDialog({ existing: role, onClose }: RoleDialogProps) {
  const [name, setName] = useState(role?.Name ?? '');
  const [description, setDescription] = useState(role?.Description ?? '');
  const [slugs, setSlugs] = useState<string[]>(role?.Permissions ?? []);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const save = useSaveRole();
  const submit = async () => {
    if (name.trim() === '') {
      setErrors({ Name: 'A role needs a name' });
      return;
    }
    try {
      const saved = await save.save(
        role
          ? { ID: role.ID, Name: name, Description: description, Slugs: slugs as PermissionSlug[] }
          : { Name: name, Description: description, Slugs: slugs as PermissionSlug[] },
      );
      notifySuccess(role ? `Role ${saved.Name} saved` : `Role ${saved.Name} created`);
      onClose();
    } catch (error) {
      const issues = fieldIssues(error);
      if (Object.keys(issues).length > 0) setErrors(issues);
      else if (isApiError(error) && error.statusCode === 409) setErrors({ Name: error.message });
      else handleApiError(error);
    }
  };
  return (
    <Modal opened onClose={onClose} title={role ? `Edit role ${role.Name}` : 'New role'} size="xl" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="sm">
              <TextInput
                label="Name"
                withAsterisk
                maxLength={ROLE_NAME_MAX_LENGTH}
                value={name}
                error={errors.Name}
                onChange={(event) => {
                  setName(event.currentTarget.value);
                  setErrors((e) => ({ ...e, Name: undefined }));
                }}
                data-autofocus
              />
              <Textarea
                label="Description"
                resize="vertical"
                rows={2}
                maxLength={ROLE_DESCRIPTION_MAX_LENGTH}
                value={description}
                error={errors.Description}
                onChange={(event) => setDescription(event.currentTarget.value)}
              />
              <Checkbox.Group label="Permissions" value={slugs} onChange={setSlugs} error={errors.Slugs}>
                <Stack gap={6} mt={6}>
                  {PERMISSION_SLUGS.map((slug) => (
                    <Checkbox
                      key={slug}
                      value={slug}
                      label={slug}
                      description={PERMISSION_DESCRIPTIONS[slug]}
                    />
                  ))}
                </Stack>
              </Checkbox.Group>
              {role && role.StaffCount + role.DisabledStaffCount > 0 ? (
                <Text size="xs" c="dimmed">
                  {role.StaffCount === 1
                    ? '1 staff member holds this role'
                    : `${role.StaffCount} staff members hold this role`}
                  ; a change applies on their next call.
                </Text>
              ) : null}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <RolePreview slugs={slugs} />
          </Grid.Col>
        </Grid>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {role ? 'Save role' : 'Create role'}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
