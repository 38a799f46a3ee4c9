import { EDITOR_HEIGHT, IMAGE_FILE_MESSAGE } from '@bo/contract';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { stubEditorLayout } from '../../test/editor-layout';
import { mockApi } from '../../test/mock-api';
import { RichTextEditor } from './rich-text-editor';
import { uploadEditorImage } from './upload-editor-image';

function Harness({ upload, initial = '' }: { upload?: (file: File) => Promise<string>; initial?: string }) {
  const [html, setHtml] = useState(initial);
  return (
    <MantineProvider>
      <RichTextEditor label="Body" value={html} onChange={setHtml} upload={upload} />
      <output data-testid="html">{html}</output>
    </MantineProvider>
  );
}

beforeAll(stubEditorLayout);

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });

describe('RichTextEditor', () => {
  it('is 160 px high at first and resizable between 160 and 800 (SPEC §9)', async () => {
    render(<Harness initial="<p>Hello</p>" />);
    const frame = await screen.findByTestId('editor-frame');
    expect(frame.style.height).toBe(`${EDITOR_HEIGHT.default}px`);
    expect(frame.style.minHeight).toBe(`${EDITOR_HEIGHT.min}px`);
    expect(frame.style.maxHeight).toBe(`${EDITOR_HEIGHT.max}px`);
    expect(frame.style.resize).toBe('vertical');
    expect(await screen.findByText('Hello')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Insert image' })).toBeInTheDocument();
  });

  it('refuses a file that is not an image before uploading, with the SPEC message', async () => {
    const upload = vi.fn(async () => '/media/editor/x.png');
    render(<Harness upload={upload} />);
    const input = await screen.findByTestId('editor-image-input');
    fireEvent.change(input, { target: { files: [new File(['text'], 'notes.txt', { type: 'text/plain' })] } });
    expect(await screen.findByRole('alert')).toHaveTextContent(IMAGE_FILE_MESSAGE);
    expect(upload).not.toHaveBeenCalled();
  });

  it('inserts the uploaded image where the cursor is', async () => {
    const upload = vi.fn(async () => '/media/editor/abc123.png');
    render(<Harness upload={upload} initial="<p>Logo:</p>" />);
    const input = await screen.findByTestId('editor-image-input');
    fireEvent.change(input, { target: { files: [png()] } });
    await waitFor(() =>
      expect(screen.getByTestId('html').textContent).toContain('src="/media/editor/abc123.png"'),
    );
    expect(upload).toHaveBeenCalledTimes(1);
  });

  it('shows the server refusal of an upload', async () => {
    const upload = vi.fn(async () => {
      throw new Error('network');
    });
    render(<Harness upload={upload} />);
    fireEvent.change(await screen.findByTestId('editor-image-input'), { target: { files: [png()] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('The image could not be uploaded; try again');
  });
});

describe('uploadEditorImage', () => {
  it('posts the file as file123 with Price=1 and the CSRF header, answering the image URL', async () => {
    const { calls } = mockApi({
      'POST /MarketAPI': { data: '/media/editor/0123456789abcdef0123456789abcdef.png' },
    });
    expect(await uploadEditorImage(png())).toBe('/media/editor/0123456789abcdef0123456789abcdef.png');
    const call = calls[0];
    expect(call?.url.search).toBe('?POSBLOB');
    expect(call?.headers.get('X-Requested-With')).toBe('backoffice');
    vi.unstubAllGlobals();
  });

  it("gives the server's refusal message", async () => {
    mockApi({ 'POST /MarketAPI': { status: 400, message: IMAGE_FILE_MESSAGE } });
    await expect(uploadEditorImage(png())).rejects.toThrow(IMAGE_FILE_MESSAGE);
    vi.unstubAllGlobals();
  });
});
