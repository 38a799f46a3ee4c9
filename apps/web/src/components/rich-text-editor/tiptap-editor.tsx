import '@mantine/tiptap/styles.css';
import { EDITOR_HEIGHT, validateImageFile } from '@bo/contract';
import { Box, Text } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { IconPhoto } from '@tabler/icons-react';
import Image from '@tiptap/extension-image';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef, useState } from 'react';
import type { RichTextEditorProps } from './rich-text-editor';
import { ImageUploadError, uploadEditorImage } from './upload-editor-image';

/**
 * The TipTap editor behind `RichTextEditor` (loaded on demand, so only the screens that edit pay for it).
 * Its HTML goes to the server as typed: the server sanitises it on save (ADR 0023).
 */
export function TiptapEditor({
  value,
  onChange,
  label,
  error,
  upload = uploadEditorImage,
}: RichTextEditorProps) {
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const editor = useEditor({
    // StarterKit 3 brings its own Link; Mantine's (the same, with its keyboard shortcut) is used instead.
    extensions: [StarterKit.configure({ link: false }), Link.configure({ openOnClick: false }), Image],
    content: value,
    immediatelyRender: true,
    shouldRerenderOnTransaction: true,
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  // A value set from outside (a reset, a loaded record) replaces the content; the editor's own typing does not.
  useEffect(() => {
    if (editor && value !== (editor.isEmpty ? '' : editor.getHTML()))
      editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const insertImage = async (file: File | undefined) => {
    if (!file || !editor) return;
    // SPEC §5: a file that is not an image is refused here, before anything is sent.
    const refused = validateImageFile(file);
    setUploadError(refused);
    if (refused) {
      if (picker.current) picker.current.value = '';
      return;
    }
    setUploading(true);
    try {
      const src = await upload(file);
      editor
        .chain()
        .focus()
        .setImage({ src, alt: file.name.replace(/\.[^.]*$/, '') })
        .run();
    } catch (e) {
      setUploadError(
        e instanceof ImageUploadError ? e.message : 'The image could not be uploaded; try again',
      );
    } finally {
      setUploading(false);
      if (picker.current) picker.current.value = '';
    }
  };

  const problem = error ?? uploadError;
  return (
    <Box>
      {label && (
        <Text component="label" fz="sm" fw={500} mb={4} display="block">
          {label}
        </Text>
      )}
      <RichTextEditor editor={editor} aria-invalid={problem ? true : undefined}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
            <RichTextEditor.Control
              onClick={() => picker.current?.click()}
              aria-label="Insert image"
              title="Insert image"
              disabled={uploading}
            >
              <IconPhoto size={16} stroke={1.5} />
            </RichTextEditor.Control>
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        {/* SPEC §9: 160 px high at first, resizable by its corner from 160 to 800. */}
        <Box
          data-testid="editor-frame"
          style={{
            height: EDITOR_HEIGHT.default,
            minHeight: EDITOR_HEIGHT.min,
            maxHeight: EDITOR_HEIGHT.max,
            resize: 'vertical',
            overflow: 'auto',
          }}
        >
          <RichTextEditor.Content aria-label={label} />
        </Box>
      </RichTextEditor>
      <input
        ref={picker}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        hidden
        data-testid="editor-image-input"
        onChange={(event) => void insertImage(event.currentTarget.files?.[0])}
      />
      {uploading && (
        <Text fz="xs" c="dimmed" mt={4}>
          Uploading the image…
        </Text>
      )}
      {problem && (
        <Text fz="xs" c="red" mt={4} role="alert">
          {problem}
        </Text>
      )}
    </Box>
  );
}
