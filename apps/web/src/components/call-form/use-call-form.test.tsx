import { Button, TextInput } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../lib/api/api-error';
import { renderWithProviders } from '../../test/render-app';
import { useCallForm } from './use-call-form';

const schema = z.object({
  Name: z.string().trim().min(1, 'The name is required').max(40),
  Email: z.email('Give an e-mail address'),
});

function Form({ send }: { send: (values: z.input<typeof schema>) => Promise<unknown> }) {
  const { form, onSubmit } = useCallForm(schema, { Name: '', Email: '' });
  return (
    <form onSubmit={onSubmit(send)}>
      <TextInput label="Name" {...form.getInputProps('Name')} />
      <TextInput label="E-mail" {...form.getInputProps('Email')} />
      <Button type="submit">Save</Button>
    </form>
  );
}

describe('useCallForm', () => {
  it("shows the contract schema's messages and sends nothing", async () => {
    const send = vi.fn(async () => null);
    renderWithProviders(<Form send={send} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The name is required')).toBeInTheDocument();
    expect(screen.getByText('Give an e-mail address')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
  });

  it("puts the server's field issue under its field and keeps what was typed", async () => {
    const send = vi.fn(async () => {
      throw new ApiError({
        httpStatus: 400,
        statusCode: 400,
        message: 'This e-mail is taken',
        data: { issues: [{ path: 'Email', message: 'This e-mail is taken' }] },
      });
    });
    renderWithProviders(<Form send={send} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Alice');
    await userEvent.type(screen.getByLabelText('E-mail'), 'alice@example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This e-mail is taken')).toBeInTheDocument();
    expect(send).toHaveBeenCalledWith({ Name: 'Alice', Email: 'alice@example.test' });
    expect(screen.getByLabelText('E-mail')).toHaveValue('alice@example.test');
    expect(screen.getByLabelText('Name')).toHaveValue('Alice');
  });
});
