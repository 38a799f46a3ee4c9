import type { KycDocumentInfo } from '@bo/contract';
import { formatUtcDate } from '@bo/contract';
import { Anchor, Card, Image, Modal, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useAdminQuery } from '../../../lib/api/use-call-query';

/** A document's bytes as a blob: URL for as long as it is shown (revoked after), so nothing lingers. */
function useDocumentUrl(id: number): { url: string | null; mime: string | null; isError: boolean } {
  // Documents never change once stored: read each once per visit.
  const query = useAdminQuery('KycDocument', { ID: id }, { staleTime: Number.POSITIVE_INFINITY });
  const url = useMemo(() => {
    if (!query.data) return null;
    const bytes = Uint8Array.from(atob(query.data.Base64), (char) => char.charCodeAt(0));
    return URL.createObjectURL(new Blob([bytes], { type: query.data.Mime }));
  }, [query.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return { url, mime: query.data?.Mime ?? null, isError: query.isError };
}

function DocumentCard({ doc, onOpen }: { doc: KycDocumentInfo; onOpen: () => void }) {
  const { url, mime, isError } = useDocumentUrl(doc.ID);
  const isImage = mime?.startsWith('image/') ?? false;
  return (
    <Card withBorder padding="xs" component="figure" m={0}>
      {isError ? (
        <Text size="sm" c="red">
          Could not load this document.
        </Text>
      ) : !url ? (
        <Skeleton h={120} />
      ) : isImage ? (
        <Anchor
          component="button"
          type="button"
          onClick={onOpen}
          aria-label={`Open ${doc.Type}: ${doc.FileName}`}
        >
          <Image src={url} alt={`${doc.Type}: ${doc.FileName}`} h={120} fit="contain" />
        </Anchor>
      ) : (
        <Anchor href={url} download={doc.FileName} fz="sm">
          Download {doc.FileName}
        </Anchor>
      )}
      <Text component="figcaption" size="xs" mt={4}>
        <b>{doc.Type}</b> · {doc.FileName} · {formatUtcDate(doc.UploadedOn)} UTC
      </Text>
    </Card>
  );
}

function DocumentViewer({ doc, onClose }: { doc: KycDocumentInfo; onClose: () => void }) {
  const { url } = useDocumentUrl(doc.ID);
  return (
    <Modal opened onClose={onClose} title={`${doc.Type}: ${doc.FileName}`} size="xl" centered>
      {url ? (
        <Image src={url} alt={`${doc.Type}: ${doc.FileName}`} fit="contain" mah="75vh" />
      ) : (
        <Skeleton h={400} />
      )}
    </Modal>
  );
}

/** The files of a submission as thumbnails; one opens full size. */
export function KycDocuments({ documents }: { documents: readonly KycDocumentInfo[] }) {
  const [open, setOpen] = useState<KycDocumentInfo | null>(null);
  if (documents.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No documents were submitted with this case.
      </Text>
    );
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 2, lg: 3 }} spacing="xs">
        {documents.map((doc) => (
          <DocumentCard key={doc.ID} doc={doc} onOpen={() => setOpen(doc)} />
        ))}
      </SimpleGrid>
      {open ? <DocumentViewer doc={open} onClose={() => setOpen(null)} /> : null}
    </Stack>
  );
}
