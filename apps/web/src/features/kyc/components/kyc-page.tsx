import { Alert } from '@mantine/core';
import { useParams } from 'react-router';
import { KycCasePage } from './kyc-case-page';
import { KycQueuePage } from './kyc-queue-page';

/** `kyc/{id?}`: the queue (or with #all the full list), or one case. */
export function KycPage() {
  const { id } = useParams();
  if (id === undefined) return <KycQueuePage />;
  const caseId = Number(id);
  if (!Number.isInteger(caseId) || caseId <= 0)
    return (
      <Alert color="red" title="No such case">
        A KYC case id is a positive whole number.
      </Alert>
    );
  return <KycCasePage id={caseId} />;
}
