import { EDITOR_HEIGHT } from '@bo/contract';
import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';

export interface RichTextEditorProps {
  /** The HTML; '' for an empty editor. */
  value: string;
  onChange: (html: string) => void;
  label?: string;
  /** A refusal to show under the editor (a form's field error). */
  error?: string | null;
  /** The image upload; by default SPEC §7.1's POSBLOB. Answers the image's URL. */
  upload?: (file: File) => Promise<string>;
}

// TipTap and ProseMirror are loaded with the first editor shown, not by every screen that imports this.
const TiptapEditor = lazy(async () => ({ default: (await import('./tiptap-editor')).TiptapEditor }));

/** The rich text editor of Email Marketing and News: toolbar, links, images uploaded through POSBLOB. */
export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Skeleton height={EDITOR_HEIGHT.default + 44} aria-label="Loading the editor" />}>
      <TiptapEditor {...props} />
    </Suspense>
  );
}
